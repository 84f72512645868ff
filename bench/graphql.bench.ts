// GraphQL through app.request() on an in-memory PGlite with the demo countries and lookups: the
// pipeline alone (`me`), the full lookups list, a page of 100 documents, an unchanged upsert, a query
// refused by the cost limit, and how long an index update takes to reach 20 SSE subscribers.
import { loadAppConfig } from '../server/app-config';
import { openDatabase } from '../server/db/client';
import { lookups } from '../server/db/schema/documents';
import { writeDocuments } from '../server/search/document-store';
import { INDEX_BUILT_CHANNEL } from '../server/search/index-service';
import { validateRecords } from '../server/search/record-validation';
import { countryRecords, loadCountries } from '../server/seed/countries';
import { demoLookups } from '../server/seed/lookups';
import { subscribeSse } from '../tests/support/sse';
import { createTestApp, fixedSession } from '../tests/support/test-app';
import { latencyStats, measure } from './stats';

const SAMPLES = 300;
const SUBSCRIBERS = 20;
const config = loadAppConfig();
const database = await openDatabase({ memory: true });
const demo = demoLookups(loadCountries());
await database.db.insert(lookups).values(demo);
const countries = countryRecords();
const { valid } = validateRecords(
  config.gapSearch.dataSources.countries!,
  countries.map((record, at) => ({ at, record })),
);
await writeDocuments(database.db, 'countries', valid);
const admin = { id: 'bench', email: 'bench@example.test', name: null, role: 'admin' };
const app = createTestApp(database, {}, fixedSession(admin));

async function graphql(query: string, variables: Record<string, unknown> = {}, expectErrors = false) {
  const response = await app.request('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer bench' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: unknown[] };
  if (Boolean(body.errors) !== expectErrors) throw new Error(JSON.stringify(body).slice(0, 300));
}

const page = (n: number) =>
  `p${n}: items(dataSource: "countries", first: 100) { nodes { key title document } }`;
const tooCostly = `{ ${Array.from({ length: 15 }, (_, n) => page(n)).join(' ')} }`;

/** Opens SSE subscribers, then times NOTIFY → every subscriber has the event. */
async function fanOut(samples: number) {
  const subscribers = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    subscribers.push(
      await subscribeSse(
        app,
        { query: 'subscription { indexUpdated { dataSource crc32c } }' },
        { Authorization: 'Bearer bench' },
      ),
    );
  }
  const durations: number[] = [];
  for (let crc = 1; crc <= samples; crc++) {
    const heard = subscribers.map((subscriber) => subscriber.next());
    const started = performance.now();
    await database.notify(INDEX_BUILT_CHANNEL, JSON.stringify({ source: 'countries', crc32c: crc }));
    for (const result of await Promise.all(heard)) {
      if (result.data?.indexUpdated.crc32c !== crc) throw new Error(JSON.stringify(result).slice(0, 300));
    }
    durations.push(performance.now() - started);
  }
  for (const subscriber of subscribers) subscriber.close();
  return latencyStats(durations);
}

const results = {
  lookupRows: demo.length,
  me: await measure(() => graphql('{ me { id } }'), SAMPLES),
  allLookups: await measure(() => graphql('{ lookups { id values } }'), SAMPLES / 3, 10),
  itemsPageOf100: await measure(() => graphql(`{ ${page(0)} }`), SAMPLES / 3, 10),
  unchangedUpsert: await measure(
    () =>
      graphql(
        'mutation ($d: [JSON!]!) { upsertDocuments(dataSource: "countries", documents: $d) { unchanged } }',
        {
          d: [countries[0]],
        },
      ),
    SAMPLES,
  ),
  refusedByCostLimit: await measure(() => graphql(tooCostly, {}, true), SAMPLES),
  indexUpdateTo20Subscribers: await fanOut(100),
};
await database.close();
console.info(JSON.stringify({ bench: 'graphql', results }));
