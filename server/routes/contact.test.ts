import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '#tests/support/databases';
import { createTestApp, fixedSession } from '#tests/support/test-app';
import type { SessionUser } from '../auth/session-user';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema/contact-messages';
import { users } from '../db/schema/users';
import { CONTACT_RATE } from './contact';

const PUBLIC_URL = 'https://sift.example';
const message = {
  name: '  Ada Lovelace ',
  email: 'ada@example.com',
  subject: 'Missing cities',
  message: 'The search does not find Königsberg; could you add historical names?',
  locale: 'fr',
};

describe.each(databaseTargets())('POST /api/contact on $name', (target) => {
  let database: Database;
  let ipCounter = 0;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.close());

  function app(sessions = fixedSession(null)) {
    return createTestApp(database, { PUBLIC_URL, TRUST_PROXY_HOPS: '1' }, sessions);
  }

  function send(
    body: unknown,
    {
      ip = `192.0.2.${++ipCounter}`,
      origin = PUBLIC_URL,
      type = 'application/json',
      sessions = fixedSession(null),
    } = {},
  ) {
    const headers: Record<string, string> = { 'Content-Type': type, 'X-Forwarded-For': ip };
    if (origin) headers.Origin = origin;
    return app(sessions).request('/api/contact', {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function stored() {
    const [row] = await database.db.select({ n: count() }).from(contactMessages);
    return row!.n;
  }

  it('stores a valid message, trimmed, and answers 201 with a receipt', async () => {
    const response = await send(message);
    expect(response.status).toBe(201);
    const receipt = await response.json();
    expect(receipt).toEqual({ id: expect.any(String), receivedAt: expect.any(String) });
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, receipt.id));
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', locale: 'fr', userId: null });
  });

  it('records the signed-in sender', async () => {
    const [created] = await database.db.insert(users).values({ email: 'grace@example.com' }).returning();
    const grace: SessionUser = { id: created!.id, email: created!.email, name: null, role: 'user' };
    const response = await send(message, { sessions: fixedSession(grace) });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.userId).toBe(grace.id);
  });

  it('refuses invalid fields with issues naming them, and stores nothing', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...message, name: '   ' }, 'name'],
      [{ ...message, email: 'not-an-address' }, 'email'],
      [{ ...message, subject: 'x'.repeat(151) }, 'subject'],
      [{ ...message, message: 'too short' }, 'message'],
      [{ ...message, message: 'x'.repeat(5001) }, 'message'],
      [{ ...message, locale: 'de' }, 'locale'],
      [{ ...message, website: 'spam' }, ''],
    ];
    for (const [body, path] of cases) {
      const response = await send(body);
      expect(response.status, path).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe('invalid_body');
      expect(error.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await send('{not json')).status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('answers 413 for oversized bodies', async () => {
    const response = await send({ ...message, message: 'x'.repeat(20_000) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('too_large');
  });

  it('refuses cross-site requests: another Origin, no Origin, or a non-JSON body', async () => {
    const before = await stored();
    const evil = await send(message, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect((await evil.json()).error.code).toBe('cross_origin');
    expect((await send(message, { origin: '' })).status).toBe(403);
    const form = await send('name=a&email=b', { type: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect((await send(JSON.stringify(message), { type: 'text/plain' })).status).toBe(415);
    expect(await stored()).toBe(before);
  });

  it('in development also accepts the origin the request was addressed to (the Vite proxy)', async () => {
    const dev = createTestApp(database, { PUBLIC_URL, NODE_ENV: 'development' });
    const request = (origin: string) =>
      dev.request('http://localhost:5173/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, Host: 'localhost:5173' },
        body: JSON.stringify(message),
      });
    expect((await request('http://localhost:5173')).status).toBe(201);
    expect((await request('http://localhost:6666')).status).toBe(403);
  });

  it(`accepts ${CONTACT_RATE.limit} messages per client per window, then answers 429`, async () => {
    const ip = '192.0.2.250';
    for (let i = 0; i < CONTACT_RATE.limit; i++) expect((await send(message, { ip })).status).toBe(201);
    const before = await stored();
    const refused = await send(message, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await stored()).toBe(before);
    // Invalid attempts do not use up the allowance of another client.
    expect((await send({ ...message, email: 'x' }, { ip: '192.0.2.251' })).status).toBe(400);
    expect((await send(message, { ip: '192.0.2.251' })).status).toBe(201);
  });
});
