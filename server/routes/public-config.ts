// GET /api/config: the public application configuration, read by the client at start.
import { Hono } from 'hono';
import type { PublicConfig } from '../../shared/app-config';

export function publicConfigRoutes(config: PublicConfig) {
  return new Hono().get('/api/config', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(config);
  });
}
