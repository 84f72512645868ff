// GET /api/config: the public application configuration, read by the client at start.
import { Hono } from 'hono';
import type { PublicConfig } from '#shared/app-config';
import { precompress, sendPrecompressed } from '../precompressed';

export function publicConfigRoutes(config: PublicConfig) {
  const body = precompress(JSON.stringify(config), 'application/json');
  return new Hono().get('/api/config', (c) => sendPrecompressed(c, body, { 'cache-control': 'no-cache' }));
}
