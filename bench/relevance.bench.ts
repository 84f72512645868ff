// The relevance suite: queries in en, es, fr and ar (bench/queries/relevance.json) with the
// acceptable first results, searched over both demo sources through the worker API and the
// client's merge. Prints the failures, then one JSON line (shares of first and top-5 hits).
import { readFileSync } from 'node:fs';
import { createSearchWorkerApi } from '../client/workers/search-worker-api';
import { loadAppConfig } from '../server/app-config';
import { cityRecords } from '../server/seed/cities';
import { countryRecords } from '../server/seed/countries';
import { mergeHits } from '../shared/search/merge-hits';
import { buildSearchRequest } from '../shared/search/search-request';
import { expectedKeys, type RelevanceQuery, relevanceReport } from './search-relevance';

const { cases } = JSON.parse(readFileSync('bench/queries/relevance.json', 'utf8')) as {
  cases: RelevanceQuery[];
};
const { dataSources } = loadAppConfig().gapSearch;
const records = { countries: countryRecords(), cities: cityRecords() };
const worker = createSearchWorkerApi({
  cache: { get: async () => undefined, put: async () => {}, delete: async () => {} },
  fetch: globalThis.fetch,
});
for (const [name, data] of Object.entries(records)) await worker.addIndex(name, dataSources[name]!, data);

const titles = new Map<string, string>();
async function search(query: string): Promise<string[]> {
  const perSource = await Promise.all(
    Object.entries(dataSources).map(async ([name, source]) => {
      const result = await worker.searchIndex(name, buildSearchRequest(source, query));
      if (result === 'error') throw new Error(`search failed on ${name}`);
      return result.hits;
    }),
  );
  return mergeHits(perSource)
    .slice(0, 5)
    .map((hit) => {
      const key = `${hit.dataType}:${hit.id}`;
      const source = Object.values(dataSources).find((s) => s.dataType === hit.dataType)!;
      titles.set(key, `${hit.document[source.titleProperty]} (${hit.dataType} ${hit.id})`);
      return key;
    });
}

const report = await relevanceReport(cases, expectedKeys(records), search);
for (const failure of report.failures) {
  const got = failure.got.map((key) => titles.get(key) ?? key).join(', ');
  console.error(
    `✗ [${failure.lang} ${failure.kind}] ${failure.query} → ${got || 'nothing'}; wanted ${failure.expect.join(' | ')}`,
  );
}
console.info(JSON.stringify(report));
