// The key-value store and its backup: reads from the client store's memory (fake-indexeddb stands
// in for the browser's), its first load of 1000 items, and /api/backup on an in-memory PGlite
// (reading a 1000-entry snapshot, merging 1000 entries of which 10 changed, and 100 new ones).
import 'fake-indexeddb/auto';
import { createKvStore } from '../client/kv/kv-store';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema/users';
import type { KvRecord } from '../shared/kv/kv-item';
import { toSnapshot } from '../shared/kv/kv-snapshot';
import { setRecord } from '../shared/kv/kv-transitions';
import { createTestApp, fixedSession } from '../tests/support/test-app';
import { latencyStats, measure } from './stats';

const ITEMS = 1000;
const value = (i: number) => ({ title: `Item ${i}`, tags: ['bench', String(i % 7)], count: i });

// Client: load and instant reads.
const seed = createKvStore({ name: 'kv-bench' });
await seed.ready();
await Promise.all(Array.from({ length: ITEMS }, (_, i) => seed.set(`key-${i}`, value(i))));
await seed.close();
const loads: number[] = [];
for (let run = 0; run < 10; run += 1) {
  const start = performance.now();
  const store = createKvStore({ name: 'kv-bench' });
  await store.ready();
  loads.push(performance.now() - start);
  await store.close();
}
const store = createKvStore({ name: 'kv-bench' });
await store.ready();
const reads: number[] = [];
for (let i = 0; i < 20_000; i += 1) {
  const start = performance.now();
  store.get(`key-${i % ITEMS}`);
  reads.push(performance.now() - start);
}
await store.close();

// Server: /api/backup for one user.
const database = await openDatabase({ memory: true });
const [user] = await database.db.insert(users).values({ email: 'bench@example.test' }).returning();
const app = createTestApp(
  database,
  { PUBLIC_URL: 'http://bench.local' },
  fixedSession({ id: user!.id, email: user!.email, name: null, role: 'user' }),
);
let clock = Date.now() - 3_600_000;
/** A later instant for every version, so merges always have a newer one to take. */
const tick = () => {
  clock += 1;
  return new Date(clock);
};
const records = (count: number, prefix: string): KvRecord[] =>
  Array.from({ length: count }, (_, i) => setRecord(undefined, `${prefix}${i}`, value(i), {}, tick()));

async function post(snapshot: unknown) {
  const response = await app.request('/api/backup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://bench.local' },
    body: JSON.stringify(snapshot),
  });
  if (response.status !== 200) throw new Error(`POST /api/backup answered ${response.status}`);
  await response.arrayBuffer();
}

const base = records(ITEMS, 'key-');
await post(toSnapshot(base));
let round = 0;
const results = {
  clientFirstLoad1000: latencyStats(loads),
  clientGet: latencyStats(reads),
  getSnapshot1000: await measure(
    async () => {
      const response = await app.request('/api/backup');
      await response.arrayBuffer();
    },
    100,
    10,
  ),
  postMerge1000With10Changed: await measure(
    () => {
      round += 1;
      const changed = base.slice(0, 10).map((r) => setRecord(r, r.key, value(round), {}, tick()));
      return post(toSnapshot([...changed, ...base.slice(10)]));
    },
    50,
    5,
  ),
  post100New: await measure(
    () => {
      round += 1;
      return post(toSnapshot(records(100, `new-${round}-`)));
    },
    20,
    2,
  ),
};
await database.close();
console.info(JSON.stringify({ bench: 'kv', results }));
