// Liveness (the process answers) and readiness (the database answers) probes. Readiness also says
// whether start-up's demo data and index builds are done, which is informative, not gating.
import { Hono } from 'hono';
import type { Database } from '../db/client';

export type SearchDataState = 'preparing' | 'ready' | 'failed';

export function healthRoutes(database: Database, searchData: () => SearchDataState) {
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      try {
        await database.ping();
        return c.json({ status: 'ready', database: database.kind, searchData: searchData() });
      } catch {
        return c.json({ status: 'unavailable', database: database.kind }, 503);
      }
    });
}
