// Client log intake through app.request() on an in-memory PGlite: one entry, a 50-entry batch,
// reading the stored entries back, and a contact message. Each request comes from its own address
// so the rate limits never interfere.
import { openDatabase } from '../server/db/client';
import type { ClientLogEntry } from '../shared/client-log';
import { createTestApp } from '../tests/support/test-app';
import { measure } from './stats';

const SAMPLES = 500;
const database = await openDatabase({ memory: true });
const app = createTestApp(database, { TRUST_PROXY_HOPS: '1', PUBLIC_URL: 'http://bench.local' });
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const entry: ClientLogEntry = {
  logName: 'client',
  logObject: {
    metadata: { severity: 'ERROR', timestamp: new Date().toISOString(), group: 'bench' },
    message: {
      message: 'Uncaught TypeError: x is undefined',
      error: {
        name: 'TypeError',
        message: 'x is undefined',
        stack: `TypeError: x is undefined\n${'    at f (app.js:1:2)\n'.repeat(20)}`,
      },
      url: 'http://bench.local/errorTest',
    },
  },
  instanceId: 'b'.repeat(32),
};

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress(), ...headers },
    body: JSON.stringify(body),
  });

async function expectStatus(response: Response | Promise<Response>, status: number) {
  const answered = await response;
  if (answered.status !== status) throw new Error(`expected ${status}, got ${answered.status}`);
  await answered.arrayBuffer();
}

const batch = Array.from({ length: 50 }, () => entry);
const contact = {
  name: 'Bench',
  email: 'bench@example.com',
  subject: 'Timing',
  message: 'How long does storing take?',
};
const results = {
  postOneEntry: await measure(() => expectStatus(post('/api/send-log-to-gcp', entry), 202), SAMPLES),
  postBatchOf50: await measure(() => expectStatus(post('/api/send-log-to-gcp', batch), 202), SAMPLES / 5, 10),
  readBack20: await measure(
    () => expectStatus(app.request(`/api/client-logs?instance=${'b'.repeat(32)}&limit=20`), 200),
    SAMPLES,
  ),
  postContact: await measure(
    () => expectStatus(post('/api/contact', contact, { Origin: 'http://bench.local' }), 201),
    SAMPLES,
  ),
};
await database.close();
console.info(JSON.stringify({ bench: 'client-logs', results }));
