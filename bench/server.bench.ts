// Server request latency through app.request() (no network) on an in-memory PGlite.
import { openDatabase } from '../server/db/client';
import { createTestApp } from '../tests/support/test-app';
import { measure } from './stats';

const SAMPLES = 2000;
const database = await openDatabase({ memory: true });
const app = createTestApp(database);

const endpoints = {
  healthz: '/healthz',
  readyz: '/readyz',
  config: '/api/config',
  messagesBrotli: '/_i18n/en/messages.json',
  apiNotFound: '/api/missing',
};

const results: Record<string, unknown> = {};
for (const [name, path] of Object.entries(endpoints)) {
  const headers = name === 'messagesBrotli' ? { 'Accept-Encoding': 'br' } : undefined;
  results[name] = await measure(async () => (await app.request(path, { headers })).arrayBuffer(), SAMPLES);
}
await database.close();
console.info(JSON.stringify({ bench: 'server', results }));
