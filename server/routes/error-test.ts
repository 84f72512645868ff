// GET /api/error-test: fails on purpose with a 500, so /errorTest can show what a server error
// looks like on both sides (the server logs it, the client reports it). Rate-limited per client.
import { Hono } from 'hono';
import { clientAddress } from '../client-address';
import type { Database } from '../db/client';
import { RateLimiter, rateLimit } from '../rate-limit';

export class DeliberateServerError extends Error {
  override name = 'DeliberateServerError';
}

export function errorTestRoutes(database: Database, trustProxyHops: number) {
  const limiter = new RateLimiter(database.db, { name: 'error-test', limit: 20, windowMs: 60_000 });
  return new Hono().get(
    '/api/error-test',
    rateLimit(limiter, (c) => clientAddress(c, trustProxyHops)),
    () => {
      throw new DeliberateServerError('This request fails on purpose (GET /api/error-test).');
    },
  );
}
