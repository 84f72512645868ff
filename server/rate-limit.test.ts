import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../tests/support/databases';
import type { Database } from './db/client';
import { RateLimiter, rateLimit } from './rate-limit';

describe.each(databaseTargets())('rate limiter on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.close());

  it('allows the limit within a window, refuses beyond it, and starts again in the next window', async () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const limiter = new RateLimiter(
      database.db,
      { name: 'window', limit: 3, windowMs: 60_000 },
      { now: () => now },
    );
    const used = [];
    for (let i = 0; i < 4; i++) used.push(await limiter.consume('1.2.3.4'));
    expect(used.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(used[3]).toMatchObject({ used: 4, limit: 3, retryAfterSeconds: 60 });

    now += 30_000;
    expect((await limiter.consume('1.2.3.4')).retryAfterSeconds).toBe(30);
    expect((await limiter.consume('5.6.7.8')).allowed).toBe(true);

    now += 30_000;
    expect(await limiter.consume('1.2.3.4')).toMatchObject({ allowed: true, used: 1 });
  });

  it('counts a cost of several units at once and keeps rules apart', async () => {
    const now = () => Date.UTC(2026, 0, 1, 13, 0, 0);
    const entries = new RateLimiter(database.db, { name: 'entries', limit: 10, windowMs: 60_000 }, { now });
    const other = new RateLimiter(database.db, { name: 'other', limit: 1, windowMs: 60_000 }, { now });
    expect((await entries.consume('k', 8)).allowed).toBe(true);
    expect(await entries.consume('k', 3)).toMatchObject({ allowed: false, used: 11 });
    expect((await other.consume('k')).allowed).toBe(true);
    await entries.reset('k');
    expect(await entries.consume('k', 10)).toMatchObject({ allowed: true, used: 10 });
  });

  it('refuses a refused key from memory until its window ends', async () => {
    let now = Date.UTC(2026, 0, 1, 16, 0, 0);
    const limiter = new RateLimiter(
      database.db,
      { name: 'memory', limit: 1, windowMs: 60_000 },
      { now: () => now },
    );
    await limiter.consume('k');
    expect((await limiter.consume('k')).allowed).toBe(false);
    // Were the database asked, this empty table would allow the call.
    await database.db.execute(`delete from rate_limits where key = 'memory:k'`);
    expect(await limiter.consume('k')).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    now += 60_000;
    expect((await limiter.consume('k')).allowed).toBe(true);
  });

  it('backs off past `after` units: each next one waits twice as long, and one that comes too soon is not counted', async () => {
    let now = Date.UTC(2026, 0, 1, 17, 0, 0);
    const rule = {
      name: 'backoff',
      limit: 10,
      windowMs: 15 * 60_000,
      backoff: { after: 2, maxDelayMs: 4000 },
    };
    const limiter = new RateLimiter(database.db, rule, { now: () => now });
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect(await limiter.consume('k')).toMatchObject({ allowed: false, used: 2, retryAfterSeconds: 1 });
    now += 999;
    expect(await limiter.consume('k')).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    now += 1;
    expect(await limiter.consume('k')).toMatchObject({ allowed: true, used: 3 });
    expect(await limiter.consume('k')).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
    // Another process, with nothing in memory, reads the same wait from the database.
    const elsewhere = new RateLimiter(database.db, rule, { now: () => now });
    expect(await elsewhere.consume('k')).toMatchObject({ allowed: false, used: 3, retryAfterSeconds: 2 });
    now += 2000;
    expect(await limiter.consume('k')).toMatchObject({ allowed: true, used: 4 });
    expect(await limiter.consume('k')).toMatchObject({ allowed: false, retryAfterSeconds: 4 });
    now += 4000;
    expect(await limiter.consume('k')).toMatchObject({ allowed: true, used: 5 });
    expect(await limiter.consume('k')).toMatchObject({ allowed: false, retryAfterSeconds: 4 });
    // Taking a unit back is never refused; other keys and the next window start afresh.
    expect(await limiter.consume('k', -1)).toMatchObject({ allowed: true, used: 4 });
    expect((await limiter.consume('other')).allowed).toBe(true);
    now += 15 * 60_000;
    expect(await limiter.consume('k')).toMatchObject({ allowed: true, used: 1 });
  });

  it('counts correctly under concurrent calls', async () => {
    const now = () => Date.UTC(2026, 0, 1, 14, 0, 0); // fixed, so the calls never straddle two windows
    const limiter = new RateLimiter(database.db, { name: 'race', limit: 25, windowMs: 60_000 }, { now });
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.consume('same')));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(25);
    expect(new Set(decisions.map((d) => d.used)).size).toBe(40);
  });

  it('answers 429 with Retry-After through the middleware', async () => {
    const now = () => Date.UTC(2026, 0, 1, 15, 0, 0);
    const limiter = new RateLimiter(database.db, { name: 'mw', limit: 2, windowMs: 10_000 }, { now });
    const app = new Hono().use(rateLimit(limiter, () => 'caller')).get('/', (c) => c.text('ok'));
    expect((await app.request('/')).status).toBe(200);
    expect((await app.request('/')).status).toBe(200);
    const refused = await app.request('/');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('refuses nonsensical rules', () => {
    expect(() => new RateLimiter(database.db, { name: 'x', limit: 0, windowMs: 60_000 })).toThrow();
    expect(() => new RateLimiter(database.db, { name: 'x', limit: 1, windowMs: 10 })).toThrow();
  });
});
