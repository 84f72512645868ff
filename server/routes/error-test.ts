// GET /api/error-test: fails on purpose with a 500, so /errorTest can show what a server error
// looks like on both sides (the server logs it, the client reports it). Rate-limited per client.
import { Hono } from 'hono';
import type { Counter } from 'prom-client';
import { clientAddress } from '../client-address';
import type { Database } from '../db/client';
import { RateLimiter, rateLimit } from '../rate-limit';

export class DeliberateServerError extends Error {
  override name = 'DeliberateServerError';
}

export function errorTestRoutes(database: Database, trustProxyHops: number, refusals: Counter<'limit'>) {
  const rule = { name: 'error-test', limit: 20, windowMs: 60_000 };
  const limiter = new RateLimiter(database.db, rule, { refusals });
  return new Hono().get(
    '/api/error-test',
    rateLimit(limiter, (c) => clientAddress(c, trustProxyHops)),
    () => {
      throw new DeliberateServerError('This request fails on purpose (GET /api/error-test).');
    },
  );
}
