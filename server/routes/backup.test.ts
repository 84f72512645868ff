import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KvRecord } from '#shared/kv/kv-item';
import { kvLimits } from '#shared/kv/kv-item';
import { type BackupSnapshot, toSnapshot } from '#shared/kv/kv-snapshot';
import { removeRecord, setRecord } from '#shared/kv/kv-transitions';
import { type JsonValue, valueChecksum } from '#shared/kv/kv-value';
import { createAuthTestApp, createTestUser, signInTestUser } from '#tests/support/auth';
import { databaseTargets } from '#tests/support/databases';
import { createTestApp, fixedSession } from '#tests/support/test-app';
import type { SessionUser } from '../auth/session-user';
import { FORGET_AFTER_DAYS } from '../backup/backup-store';
import type { Database } from '../db/client';
import { backupItems } from '../db/schema/backups';
import { users } from '../db/schema/users';

const PUBLIC_URL = 'https://sift.example';
const jsonHeaders = { 'Content-Type': 'application/json', Origin: PUBLIC_URL };

/** Times from a day ago on: older tombstones would be forgotten (FORGET_AFTER_DAYS). */
const DAY_AGO = Date.now() - 86_400_000;
const at = (minutes: number) => new Date(DAY_AGO + minutes * 60_000);
const item = (key: string, value: JsonValue, minutes = 0): KvRecord =>
  setRecord(undefined, key, value, {}, at(minutes));
const snapshotOf = (...records: KvRecord[]): BackupSnapshot => toSnapshot(records);

describe.each(databaseTargets())('/api/backup on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.close());

  async function newUser(): Promise<SessionUser> {
    const email = `kv-${Math.random().toString(36).slice(2)}@example.test`;
    const [row] = await database.db.insert(users).values({ email }).returning();
    return { id: row!.id, email, name: null, role: 'user' };
  }

  function appFor(user: SessionUser | null) {
    return createTestApp(database, { PUBLIC_URL }, fixedSession(user));
  }

  function post(user: SessionUser | null, body: unknown, headers: Record<string, string> = jsonHeaders) {
    return appFor(user).request('/api/backup', {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function get(user: SessionUser | null, query = '') {
    return appFor(user).request(`/api/backup${query}`);
  }

  async function rowsOf(user: SessionUser) {
    const [row] = await database.db
      .select({ n: count() })
      .from(backupItems)
      .where(eq(backupItems.userId, user.id));
    return row!.n;
  }

  describe('sign-in', () => {
    it('answers 401 "not authenticated" to anonymous callers and stores nothing', async () => {
      const before = await database.db.select({ n: count() }).from(backupItems);
      for (const response of [await get(null), await post(null, snapshotOf(item('a', 1)))]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          error: { code: 'unauthenticated', message: 'not authenticated' },
        });
      }
      expect(await database.db.select({ n: count() }).from(backupItems)).toEqual(before);
    });

    it('answers 401 to anonymous callers before reading their body', async () => {
      for (const body of ['{"k":', '{"k":1}']) {
        const response = await post(null, body);
        expect(response.status).toBe(401);
        expect((await response.json()).error.code).toBe('unauthenticated');
      }
    });

    it('reads and writes with a session signed in through /api/auth', async () => {
      const app = createAuthTestApp(database, { PUBLIC_URL });
      const { email, password, user } = await createTestUser(database);
      const session = await signInTestUser(app, email, password);

      const empty = await app.request('/api/backup', { headers: session.headers });
      expect(empty.status).toBe(200);
      expect(empty.headers.get('Cache-Control')).toBe('no-store');
      expect(await empty.json()).toEqual({});

      const sent = snapshotOf(item('greeting', 'hello'));
      const posted = await app.request(`/api/backup?owner=${user.id}`, {
        method: 'POST',
        headers: { ...jsonHeaders, ...session.headers },
        body: JSON.stringify(sent),
      });
      expect(posted.status).toBe(200);
      expect(await posted.json()).toEqual(sent);
      const read = await app.request('/api/backup', { headers: session.bearerHeaders });
      expect(await read.json()).toEqual(sent);
    });
  });

  describe('isolation', () => {
    it("keeps each user's snapshot to themselves", async () => {
      const ann = await newUser();
      const bob = await newUser();
      expect((await post(ann, snapshotOf(item('note', 'ann')))).status).toBe(200);
      expect(await (await get(bob)).json()).toEqual({});

      const bobs = snapshotOf(item('note', 'bob', -60));
      expect(await (await post(bob, bobs)).json()).toEqual(bobs);
      // Bob's older version of the same key is his own; Ann's stays newer and hers.
      expect(await (await get(ann)).json()).toEqual(snapshotOf(item('note', 'ann')));
      expect(await (await get(bob)).json()).toEqual(bobs);
    });

    it('answers 409 when the session is not the owner the client syncs for, storing nothing', async () => {
      const ann = await newUser();
      const bob = await newUser();
      expect((await get(ann, `?owner=${bob.id}`)).status).toBe(409);
      const response = await appFor(ann).request(`/api/backup?owner=${bob.id}`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify(snapshotOf(item('x', 1))),
      });
      expect(response.status).toBe(409);
      expect((await response.json()).error.code).toBe('owner_mismatch');
      expect(await rowsOf(ann)).toBe(0);
      expect(await rowsOf(bob)).toBe(0);
    });
  });

  describe('merge', () => {
    it('keeps the newer version of each key and answers the merged snapshot', async () => {
      const user = await newUser();
      const old = item('a', 'old');
      const newer = item('a', 'new', 60);
      const other = item('b', { nested: [1, 2] });
      await post(user, snapshotOf(newer));
      const answer = await post(user, snapshotOf(old, other));
      expect(await answer.json()).toEqual(snapshotOf(newer, other));
    });

    it('keeps every kind of value exactly, strings that look like JSON included', async () => {
      const user = await newUser();
      const values: JsonValue[] = [
        '{"mode":"dark"}',
        '[1]',
        '12',
        'true',
        'null',
        '',
        'ünï ☃ 😀',
        0.1,
        -0,
        1e21,
        null,
        false,
        [],
        {},
        { b: [1, { a: null }] },
      ];
      const sent = toSnapshot(values.map((value, i) => item(`v${i}`, value)));
      expect((await post(user, sent)).status).toBe(200);
      expect(await (await get(user)).json()).toEqual(JSON.parse(JSON.stringify(sent)));
    });

    it('two devices that changed different keys both keep their changes, in either order', async () => {
      for (const order of [0, 1]) {
        const user = await newUser();
        const base = item('shared', 'base');
        await post(user, snapshotOf(base));
        const deviceA = snapshotOf(base, item('a', 'from A', 60));
        const deviceB = snapshotOf(removeRecord(base, {}, at(120))!, item('b', 'from B', 60));
        const [first, second] = order === 0 ? [deviceA, deviceB] : [deviceB, deviceA];
        await post(user, first);
        const merged = await (await post(user, second)).json();
        expect(Object.keys(merged).sort()).toEqual(['a', 'b', 'shared']);
        expect(merged.a.value).toBe('from A');
        expect(merged.b.value).toBe('from B');
        // The removal is newer than the base: it wins and syncs as meta only.
        expect(merged.shared).toEqual({ meta: expect.objectContaining({ removed: true }) });
        expect('value' in merged.shared).toBe(false);
      }
    });

    it('breaks a tie of equal times the same way whichever version arrives first', async () => {
      const time = 5;
      const winners = [];
      for (const [first, second] of [
        ['left', 'right'],
        ['right', 'left'],
      ] as const) {
        const user = await newUser();
        await post(user, snapshotOf(item('k', first, time)));
        winners.push((await (await post(user, snapshotOf(item('k', second, time)))).json()).k.value);
      }
      expect(winners[0]).toBe(winners[1]);
    });

    it('never loses a key to concurrent POSTs of one user', async () => {
      const user = await newUser();
      const posts = Array.from({ length: 12 }, (_, i) =>
        post(user, snapshotOf(item(`own-${i}`, i), item('contested', i, i))),
      );
      const responses = await Promise.all(posts);
      expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
      const stored = await (await get(user)).json();
      expect(Object.keys(stored).sort()).toEqual(
        ['contested', ...Array.from({ length: 12 }, (_, i) => `own-${i}`)].sort(),
      );
      expect(stored.contested.value).toBe(11);
    });

    it('answers a body posted again from the snapshot, and merges it again once the snapshot changed', async () => {
      const user = await newUser();
      const app = appFor(user);
      const send = (body: unknown) =>
        app.request('/api/backup', { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
      const routine = snapshotOf(item('a', 'first'), item('b', 1));
      await send(routine);
      expect(await (await send(routine)).json()).toEqual(routine);
      // A remembered body that changed nothing is answered from the snapshot as it is now.
      expect(await (await send(routine)).json()).toEqual(routine);
      await send(snapshotOf(item('a', 'second', 5)));
      expect(await (await send(routine)).json()).toEqual(snapshotOf(item('a', 'second', 5), item('b', 1)));
      expect((await send({ ...routine, bad: { meta: {} } })).status).toBe(400);
    });

    it('answers in the encoding the client accepts, compressed anew once the snapshot changed', async () => {
      const user = await newUser();
      const app = appFor(user);
      const send = (body: unknown) =>
        app.request('/api/backup', { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
      const read = async (encoding: string) => {
        const response = await app.request('/api/backup', { headers: { 'Accept-Encoding': encoding } });
        const bytes = Buffer.from(await response.arrayBuffer());
        const coding = response.headers.get('Content-Encoding');
        const text =
          coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
        return { coding, vary: response.headers.get('Vary'), snapshot: JSON.parse(text.toString()) };
      };
      const first = snapshotOf(item('a', 'x'.repeat(2000)), item('b', 1));
      await send(first);
      expect(await read('gzip, deflate, br, zstd')).toEqual({
        coding: 'br',
        vary: 'Accept-Encoding',
        snapshot: first,
      });
      expect(await read('gzip')).toEqual({ coding: 'gzip', vary: 'Accept-Encoding', snapshot: first });
      expect((await read('identity')).coding).toBeNull();
      await send(snapshotOf(item('b', 2, 5)));
      const changed = snapshotOf(item('a', 'x'.repeat(2000)), item('b', 2, 5));
      expect((await read('br')).snapshot).toEqual(changed);
      expect((await read('gzip')).snapshot).toEqual(changed);
    });

    it(`forgets tombstones ${FORGET_AFTER_DAYS} days after the removal`, async () => {
      const user = await newUser();
      const longAgo = -(FORGET_AFTER_DAYS + 1) * 24 * 60;
      const ancient = removeRecord(item('gone', 1, longAgo - 1), {}, at(longAgo))!;
      const recent = removeRecord(item('recent', 1), {}, at(1))!;
      await post(user, snapshotOf(ancient, recent));
      const answer = await (await post(user, {})).json();
      expect(Object.keys(answer)).toEqual(['recent']);
    });
  });

  describe('validation', () => {
    const good = item('k', 'v');
    const goodEntry = { value: 'v', meta: good.meta };

    it.each([
      ['an array', [], ''],
      ['a string', '"text"', ''],
      [
        'an updated time without milliseconds',
        { k: { ...goodEntry, meta: { ...good.meta, updated: '2025-01-01T00:00:00Z' } } },
        'k.meta.updated',
      ],
      [
        'an expiry that is not a time',
        { k: { ...goodEntry, meta: { ...good.meta, expiry: 'tomorrow' } } },
        'k.meta.expiry',
      ],
      ['a checksum that does not match', { k: { ...goodEntry, value: 'changed' } }, 'k.meta.checksum'],
      [
        'a removed entry with a value',
        { k: { value: null, meta: { ...good.meta, removed: true, checksum: valueChecksum(null) } } },
        'k.value',
      ],
      ['a live entry without a value', { k: { meta: good.meta } }, 'k.value'],
      ['an unknown field', { k: { ...goodEntry, extra: 1 } }, 'k'],
      [
        'a missing meta field',
        { k: { value: 'v', meta: { ...good.meta, persist: undefined } } },
        'k.meta.persist',
      ],
      ['an empty key', { '': goodEntry }, ''],
      [
        'a key that is too long',
        { ['x'.repeat(kvLimits.keyLength + 1)]: goodEntry },
        'x'.repeat(kvLimits.keyLength + 1),
      ],
      ['a key with a NUL character', { 'a\u0000b': goodEntry }, 'a\u0000b'],
      ['the key __proto__', JSON.parse(`{"__proto__": ${JSON.stringify(goodEntry)}}`), '__proto__'],
      [
        'a value with a NUL character',
        { k: { value: 'a\u0000', meta: { ...good.meta, checksum: valueChecksum('a\u0000') } } },
        'k.value',
      ],
      ['a negative ttl', { k: { ...goodEntry, meta: { ...good.meta, ttl: -5 } } }, 'k.meta.ttl'],
    ])('refuses %s with 400 and the reason, storing nothing', async (_name, body, path) => {
      const user = await newUser();
      const response = await post(user, body);
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe('invalid_body');
      expect(error.issues.map((i: { path: string }) => i.path)).toContain(path);
      expect(await rowsOf(user)).toBe(0);
    });

    it('refuses a body that is not JSON', async () => {
      const user = await newUser();
      const response = await post(user, '{"k":');
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('invalid_json');
    });

    it('answers 400 to a body that breaks off while it is read', async () => {
      const user = await newUser();
      const broken = new ReadableStream({ start: (controller) => controller.error(new Error('gone')) });
      const response = await appFor(user).request('/api/backup', {
        method: 'POST',
        headers: { ...jsonHeaders, 'Content-Length': '10' },
        body: broken,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('invalid_json');
    });

    it('answers 413 for a value over the limit, naming it, and stores nothing', async () => {
      const user = await newUser();
      const big = item('small', 'ok');
      const value = 'x'.repeat(kvLimits.valueBytes);
      const tooBig = { value, meta: { ...big.meta, checksum: valueChecksum(value) } };
      const response = await post(user, { small: { value: 'ok', meta: big.meta }, huge: tooBig });
      expect(response.status).toBe(413);
      const { error } = await response.json();
      expect(error.issues).toEqual([{ path: 'huge.value', message: expect.stringContaining('at most') }]);
      expect(await rowsOf(user)).toBe(0);
    });

    it('answers 413 for a request body over the limit', async () => {
      const user = await newUser();
      const response = await post(user, JSON.stringify({ pad: 'x'.repeat(kvLimits.requestBytes) }));
      expect(response.status).toBe(413);
      expect(await rowsOf(user)).toBe(0);
    });

    it('answers 413 when the merged snapshot would exceed the entry limit, storing nothing new', async () => {
      const user = await newUser();
      const half = Math.ceil(kvLimits.entries / 2) + 1;
      const batch = (prefix: string) =>
        toSnapshot(Array.from({ length: half }, (_, i) => item(`${prefix}${i}`, i)));
      expect((await post(user, batch('a'))).status).toBe(200);
      const response = await post(user, batch('b'));
      expect(response.status).toBe(413);
      expect((await response.json()).error.issues[0].message).toContain(
        `at most ${kvLimits.entries} entries`,
      );
      expect(await rowsOf(user)).toBe(half);
    });
  });

  describe('CSRF', () => {
    it('without PUBLIC_URL, accepts the origin of the address the request was sent to, and only it', async () => {
      const user = await newUser();
      const app = createTestApp(database, {}, fixedSession(user));
      const send = (origin: string, host: string) =>
        app.request('/api/backup', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin, Host: host },
          body: JSON.stringify(snapshotOf(item('k', 1))),
        });
      expect((await send('http://127.0.0.1:3000', '127.0.0.1:3000')).status).toBe(200);
      expect((await send('http://sift.lan:8080', 'sift.lan:8080')).status).toBe(200);
      const refused = await send('https://evil.example', 'sift.lan:8080');
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toBe(
        'This request comes from https://evil.example; the server accepts changes only from the address they were sent to.',
      );
    });

    it('with PUBLIC_URL, names the origin it accepts', async () => {
      const response = await post(await newUser(), snapshotOf(item('k', 1)), {
        'Content-Type': 'application/json',
        Origin: 'http://127.0.0.1:3000',
        Host: '127.0.0.1:3000',
      });
      expect(response.status).toBe(403);
      expect((await response.json()).error.message).toBe(
        `This request comes from http://127.0.0.1:3000; the server accepts changes only from ${PUBLIC_URL} (PUBLIC_URL). Open the app there, or set PUBLIC_URL to the address people use.`,
      );
    });

    it.each([
      ['a form body', { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL }, 415],
      ['no Origin', { 'Content-Type': 'application/json' }, 403],
      ['another Origin', { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, 403],
    ])('refuses %s and stores nothing', async (_name, headers, status) => {
      const user = await newUser();
      const response = await post(user, snapshotOf(item('k', 1)), headers);
      expect(response.status).toBe(status);
      expect(await rowsOf(user)).toBe(0);
    });
  });
});
