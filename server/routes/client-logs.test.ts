import { PassThrough } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientLogEntry } from '#shared/client-log';
import { databaseTargets } from '#tests/support/databases';
import { fixedSession, testEnv } from '#tests/support/test-app';
import { createApp } from '../app';
import { loadAppConfig } from '../app-config';
import { createSessionStore } from '../auth/session-store';
import type { SessionReader, SessionUser } from '../auth/session-user';
import type { Database } from '../db/client';
import { clientLogs } from '../db/schema/client-logs';
import { createLogger } from '../logger';
import { CLIENT_LOG_RATE, KEPT_ENTRIES } from './client-logs';

const alice: SessionUser = { id: 'user-alice', email: 'alice@example.com', name: 'Alice', role: 'user' };
const bob: SessionUser = { id: 'user-bob', email: 'bob@example.com', name: 'Bob', role: 'user' };
const admin: SessionUser = { id: 'user-admin', email: 'admin@example.com', name: null, role: 'admin' };
const INSTANCE = 'a'.repeat(32);

function entry(overrides: Partial<ClientLogEntry['logObject']> = {}, instanceId = INSTANCE): ClientLogEntry {
  return {
    logName: 'client',
    logObject: {
      metadata: { severity: 'ERROR', timestamp: '2026-03-01T10:00:00.000Z', group: 'window.onerror' },
      message: {
        message: 'Uncaught TypeError: x is undefined',
        error: {
          name: 'TypeError',
          message: 'x is undefined',
          stack: 'TypeError: x is undefined\n    at f (app.js:1:2)',
        },
        url: 'http://localhost/errorTest',
      },
      ...overrides,
    },
    instanceId,
  };
}

describe.each(databaseTargets())('client logs on $name', (target) => {
  let database: Database;
  let lines: Record<string, unknown>[];
  let ipCounter = 0;

  function makeApp(sessions: SessionReader = fixedSession(null)) {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const env = testEnv({ TRUST_PROXY_HOPS: '1' });
    return createApp({
      env,
      config: loadAppConfig(),
      database,
      logger: createLogger('debug', stream),
      sessions,
      sessionStore: createSessionStore(database, env.AUTH_SESSION_MAX_AGE),
    });
  }

  /** Each test posts from its own address so rate-limit windows never leak between tests. */
  function nextIp() {
    ipCounter += 1;
    return `198.51.100.${ipCounter}`;
  }

  function post(
    app: ReturnType<typeof makeApp>,
    body: unknown,
    ip: string,
    contentType = 'application/json',
  ) {
    return app.request('/api/send-log-to-gcp', {
      method: 'POST',
      headers: { 'Content-Type': contentType, 'X-Forwarded-For': ip, 'User-Agent': 'vitest' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function storedCount() {
    const [row] = await database.db.select({ n: count() }).from(clientLogs);
    return row!.n;
  }

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.close());
  beforeEach(() => {
    lines = [];
  });

  it('stores an entry of the spec shape and writes one Cloud Logging line for it', async () => {
    const app = makeApp();
    const response = await post(app, entry(), nextIp());
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 1 });

    await new Promise((resolve) => setImmediate(resolve));
    const line = lines.find((l) => l.message === 'Uncaught TypeError: x is undefined');
    expect(line).toMatchObject({
      severity: 'ERROR',
      clientTimestamp: '2026-03-01T10:00:00.000Z',
      'logging.googleapis.com/labels': {
        source: 'client',
        app: 'sift',
        logName: 'client',
        group: 'window.onerror',
      },
      error: { name: 'TypeError', message: 'x is undefined' },
      stack_trace: expect.stringContaining('at f (app.js:1:2)'),
      url: 'http://localhost/errorTest',
      instanceId: INSTANCE,
      userAgent: 'vitest',
    });
    expect(typeof line?.timestamp).toBe('string');
    expect(line?.['logging.googleapis.com/labels']).not.toHaveProperty('userId');

    const read = await app.request(`/api/client-logs?instance=${INSTANCE}`);
    expect(read.headers.get('Cache-Control')).toBe('no-store');
    const { entries } = await read.json();
    expect(entries[0]).toMatchObject({
      logName: 'client',
      severity: 'ERROR',
      group: 'window.onerror',
      userId: null,
      message: { error: { stack: expect.stringContaining('TypeError') } },
    });
  });

  it('accepts a batch and plain-text messages sent as text/plain (sendBeacon)', async () => {
    const instance = 'b'.repeat(32);
    const batch = (['NOTICE', 'WARNING', 'DEBUG'] as const).map((severity) => ({
      ...entry(
        { metadata: { severity, timestamp: new Date().toISOString() }, message: `${severity} text` },
        instance,
      ),
    }));
    const response = await post(makeApp(), batch, nextIp(), 'text/plain;charset=UTF-8');
    expect(response.status).toBe(202);
    const { entries } = await (await makeApp().request(`/api/client-logs?instance=${instance}`)).json();
    expect(entries.map((e: { severity: string }) => e.severity)).toEqual(['DEBUG', 'WARNING', 'NOTICE']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((l) => String(l.message).endsWith(' text')).map((l) => l.severity)).toEqual([
      'NOTICE',
      'WARNING',
      'DEBUG',
    ]);
  });

  it('keeps a batch whose text the database cannot store, with U+FFFD in place of NUL and lone surrogates', async () => {
    const instance = 'd'.repeat(32);
    // As a browser's JSON.stringify writes them: escapes that parse into a NUL and a lone surrogate.
    const body = `[${JSON.stringify(entry({ message: 'first' }, instance))},${JSON.stringify(
      entry({ message: 'second' }, instance),
    ).replace('"second"', '"bad \\u0000 and \\ud800 here"')}]`;
    const response = await post(makeApp(), body, nextIp());
    expect(response.status).toBe(202);
    const { entries } = await (await makeApp().request(`/api/client-logs?instance=${instance}`)).json();
    expect(entries.map((e: { message: string }) => e.message)).toEqual([
      'bad \ufffd and \ufffd here',
      'first',
    ]);
  });

  it('refuses nesting deeper than any log needs with 400, naming where', async () => {
    const context = `${'{"context":'.repeat(1000)}"leaf"${'}'.repeat(1000)}`;
    const body = JSON.stringify(entry({ message: { message: 'deep' } })).replace(
      '"deep"',
      `"deep","context":${context}`,
    );
    const response = await post(makeApp(), body, nextIp());
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.issues[0].message).toMatch(/nests deeper than/);
  });

  it('refuses deep nesting after text it would repair, storing nothing', async () => {
    const before = await storedCount();
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const body = `[${JSON.stringify(entry({ message: 'bad \u0000' }))},${deep}]`;
    const response = await post(makeApp(), body, nextIp(), 'text/plain;charset=UTF-8');
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.issues).toEqual([
      { path: expect.stringMatching(/^1\.0\.0/), message: expect.stringMatching(/nests deeper than/) },
    ]);
    expect(await storedCount()).toBe(before);
  });

  it('tags entries with the signed-in user, who can read their own entries back', async () => {
    const app = makeApp(fixedSession(alice));
    const noInstance = entry({ message: 'from alice' }, undefined as unknown as string);
    delete noInstance.instanceId;
    expect((await post(app, noInstance, nextIp())).status).toBe(202);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.find((l) => l.message === 'from alice')).toMatchObject({
      'logging.googleapis.com/labels': { userId: 'user-alice' },
    });
    const { entries } = await (await app.request('/api/client-logs')).json();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: 'user-alice', message: 'from alice' });
  });

  it('lets anonymous callers read only their own page instance; admins read everything', async () => {
    expect((await post(makeApp(), entry(), nextIp())).status).toBe(202);
    expect((await post(makeApp(fixedSession(bob)), entry(), nextIp())).status).toBe(202);
    const anonymous = await makeApp().request('/api/client-logs');
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'instance_required' } });

    const stranger = await (await makeApp().request(`/api/client-logs?instance=${'c'.repeat(32)}`)).json();
    expect(stranger.entries).toEqual([]);

    const all = await (await makeApp(fixedSession(admin)).request('/api/client-logs?limit=100')).json();
    const readers = all.entries.map((e: { userId: string | null }) => e.userId);
    expect(readers).toContain(null);
    expect(readers).toContain('user-bob');
    expect((await makeApp().request('/api/client-logs?instance=not-hex&limit=0')).status).toBe(400);
  });

  it('refuses malformed entries with field-level issues and stores nothing', async () => {
    const app = makeApp();
    const before = await storedCount();
    const bad: [unknown, string][] = [
      [
        entry({ metadata: { severity: 'LOUD' as 'ERROR', timestamp: '2026-03-01T10:00:00Z' } }),
        'logObject.metadata.severity',
      ],
      [entry({ metadata: { severity: 'INFO', timestamp: 'yesterday' } }), 'logObject.metadata.timestamp'],
      [{ logName: 'client' }, 'logObject'],
      [{ ...entry(), extra: 1 }, ''],
      [{ ...entry(), logName: 'has spaces' }, 'logName'],
      [entry({ message: '' }), 'logObject.message'],
      [
        entry({
          message: {
            message: 'x',
            error: { name: 'E', message: 'm', cause: { name: 'E', message: 'm', cause: {} } },
          },
        } as never),
        'logObject.message',
      ],
      [Array.from({ length: 51 }, () => entry()), ''],
      [[], ''],
    ];
    for (const [body, path] of bad) {
      const response = await post(app, body, nextIp());
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe('invalid_body');
      if (path) expect(error.issues.map((i: { path: string }) => i.path).join(' ')).toContain(path);
    }
    const notJson = await post(app, '{"logName":', nextIp());
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe('invalid_json');
    expect(await storedCount()).toBe(before);
  });

  it('answers 413 for bodies over the cap and stores nothing', async () => {
    const before = await storedCount();
    const huge = Array.from({ length: 20 }, () => entry({ message: 'x'.repeat(4000) }));
    const response = await post(makeApp(), huge, nextIp());
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('too_large');
    expect(await storedCount()).toBe(before);
  });

  it('rate-limits each client by entries per minute with 429 and Retry-After', async () => {
    const app = makeApp();
    const ip = nextIp();
    const batch = Array.from({ length: 50 }, () => entry({ message: 'flood' }));
    for (let sent = 0; sent < CLIENT_LOG_RATE.limit; sent += 50) {
      expect((await post(app, batch, ip)).status).toBe(202);
    }
    const before = await storedCount();
    const refused = await post(app, entry(), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe('rate_limited');
    expect(await storedCount()).toBe(before);
    expect((await post(app, entry(), nextIp())).status).toBe(202);
  });

  it(`keeps only the newest ${KEPT_ENTRIES} entries`, async () => {
    const app = makeApp();
    const batch = Array.from({ length: 50 }, () => entry({ message: 'filler' }));
    for (let i = 0; i < KEPT_ENTRIES / 50 + 1; i++)
      expect((await post(app, batch, nextIp())).status).toBe(202);
    const last = entry({ message: 'the newest' }, 'e'.repeat(32));
    expect((await post(app, last, nextIp())).status).toBe(202);
    expect(await storedCount()).toBe(KEPT_ENTRIES);
    const { entries } = await (await app.request(`/api/client-logs?instance=${'e'.repeat(32)}`)).json();
    expect(entries[0].message).toBe('the newest');
  });
});
