// Every JSON endpoint against hostile bodies, generated from a fixed seed: random JSON, wrong types,
// huge and broken strings (NUL, lone surrogates), deep nesting, prototype keys, truncated JSON and
// wrong content types. Each answer must be a refusal in the house error shape or a success, never
// a 5xx. FUZZ_RUNS raises the count for a long run (the default keeps `npm test` quick).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '#tests/support/auth';
import { databaseTargets } from '#tests/support/databases';
import { createTestApp, fixedSession } from '#tests/support/test-app';
import type { Database } from '../db/client';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = 20261124;
const ORIGIN = 'http://localhost:3000';

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom('\u0000', '\ud800', 'a\udfffb', '\u0000\ud83d', 'constructor', '__proto__', 'toString'),
  fc.string({ minLength: 1 }).map((s) => s.repeat(2000)),
);
const hostileKey = fc.oneof(
  fc.string(),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '\u0000', '\ud800'),
);
const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
    fc.array(tie('tree'), { maxLength: 5 }),
    fc.dictionary(hostileKey, tie('tree'), { maxKeys: 5 }),
  ),
}));
/** Bodies as raw text: valid JSON of any shape, some deeply nested or truncated, or not JSON at all. */
const body = fc.oneof(
  tree.map((value) => JSON.stringify(value) ?? 'null'),
  fc.integer({ min: 65, max: 5000 }).map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`),
  tree.map((value) => {
    const text = JSON.stringify(value) ?? 'null';
    return text.slice(0, Math.max(1, text.length >> 1));
  }),
  fc.string(),
);
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  '',
);

/** A valid body per endpoint: mutated one field at a time, so hostile values get past the shape checks. */
const validBodies: Record<string, unknown> = {
  '/api/index': { dataSources: ['countries'], dataSourceLoadStates: { countries: 'loaded' } },
  '/api/send-log-to-gcp': [
    {
      logName: 'client',
      logObject: {
        metadata: { severity: 'ERROR', timestamp: '2026-11-24T10:00:00.000Z', group: 'fuzz' },
        message: {
          message: 'boom',
          error: { name: 'Error', message: 'boom', stack: 'at f' },
          context: { a: 1 },
        },
      },
      instanceId: 'f'.repeat(32),
    },
  ],
  '/api/backup': { note: { value: { text: 'hello', list: [1, 2] }, meta: { persist: true } } },
  '/api/contact': {
    name: 'Ann',
    email: 'ann@example.test',
    subject: 'Hi',
    message: 'A message long enough.',
  },
  '/api/sign-out-everywhere': {},
  '/graphql': {
    query: 'query Q($n: String!) { dataSource(name: $n) { name } }',
    variables: { n: 'countries' },
  },
};

/** Sign-in forms: known and hostile field names, repeated fields, hostile values, or any text. */
const signInForm = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom('email', 'password', 'csrfToken', 'json'), hostileKey),
        hostileString,
      ),
      { maxLength: 6 },
    )
    .map((fields) => new URLSearchParams(fields).toString()),
  fc.string(),
);

/** `value` with the node at a random path (picked by `choices`) replaced by `replacement`. */
function replaceAt(value: unknown, choices: number[], replacement: unknown): unknown {
  if (choices.length === 0 || value === null || typeof value !== 'object') return replacement;
  const entries = Object.entries(value);
  if (entries.length === 0) return replacement;
  const [first, ...rest] = choices;
  const [key, child] = entries[first! % entries.length]!;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  copy[key] = replaceAt(child, rest, replacement);
  return copy;
}

const mutated = (path: string) =>
  fc
    .tuple(fc.array(fc.nat(), { maxLength: 6 }), fc.oneof(hostileString, tree))
    .map(([choices, replacement]) => JSON.stringify(replaceAt(validBodies[path], choices, replacement)));

const endpoints = Object.keys(validBodies);

describe.each(databaseTargets())('JSON endpoints against hostile bodies on $name', (target) => {
  let database: Database;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await target.open();
    const { user } = await createTestUser(database);
    const signedIn = { id: user.id, email: user.email, name: user.name, role: user.role };
    app = createTestApp(database, { PUBLIC_URL: ORIGIN }, fixedSession(signedIn));
  });
  afterAll(async () => database.close());

  it.each(endpoints)('%s answers every body with a clear refusal or a success, never a 5xx', async (path) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, mutated(path), mutated(path)), contentType, async (text, type) => {
        const headers: Record<string, string> = { Origin: ORIGIN };
        if (type) headers['Content-Type'] = type;
        const response = await app.request(path, { method: 'POST', headers, body: text });
        expect(response.status, text.slice(0, 200)).toBeLessThan(500);
        if (response.status >= 400 && path !== '/graphql') {
          const answer = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
          expect(typeof answer.error?.code).toBe('string');
          expect(typeof answer.error?.message).toBe('string');
        } else {
          await response.arrayBuffer();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('/api/auth/callback/credentials answers every form with a clear refusal or an answer, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(signInForm, contentType, async (text, type) => {
        const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
        const response = await app.request('/api/auth/callback/credentials', {
          method: 'POST',
          headers,
          body: text,
        });
        expect(response.status, text.slice(0, 200)).toBeLessThan(500);
        if (response.status >= 400) {
          const answer = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
          expect(typeof answer.error?.code).toBe('string');
        } else {
          await response.arrayBuffer();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
