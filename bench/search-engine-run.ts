// One engine of the search bench in a fresh process (so heap and JIT state are its own): build each
// demo source, then from the downloadable bytes to the first result, retained heap, latency per
// query kind (bench/queries/, plain and with an enum filter, limit 1000) and relevance.
// Usage: tsx bench/search-engine-run.ts <orama|minisearch|flexsearch|sift>; prints one JSON line.
import { readFileSync } from 'node:fs';
import { loadAppConfig } from '../server/app-config';
import { validateRecords } from '../server/search/record-validation';
import { cityRecords } from '../server/seed/cities';
import { countryRecords } from '../server/seed/countries';
import { byRankDescending, toIndexDocument } from '../shared/search/index-input';
import { buildSearchRequest } from '../shared/search/search-request';
import { type BenchEngineName, benchEngineNames, benchEngines } from './search-engines';
import { heapMb } from './search-heap';
import { type QueryFile, searchLatency } from './search-latency';
import { cityCases, countryCases, relevance } from './search-relevance';

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function benchSource(engineName: BenchEngineName, name: string, records: Record<string, unknown>[]) {
  const engine = benchEngines[engineName];
  const source = loadAppConfig().gapSearch.dataSources[name]!;
  const { valid } = validateRecords(
    source,
    records.map((record, i) => ({ at: i + 1, record })),
  );
  const documents = valid.map((r) => toIndexDocument(r.key, r.document, r.rank)).sort(byRankDescending);
  const queries = JSON.parse(readFileSync(`bench/queries/${name}.json`, 'utf8')) as QueryFile;

  let started = performance.now();
  const built = await engine.build(source, documents);
  const buildMs = performance.now() - started;

  // What the worker does with what it keeps on the device: restore, search.
  const heapBefore = heapMb();
  const kept = (await engine.keep?.(built.bytes)) ?? built.bytes;
  started = performance.now();
  const index = await engine.open(source, kept);
  await index.search(buildSearchRequest(source, queries.kinds.fullName?.[0] ?? 'a'));
  const cachedToFirstResultMs = performance.now() - started;
  const retainedHeapMb = heapMb() - heapBefore;

  const cases =
    name === 'cities' ? cityCases(documents, queries.kinds.accented ?? []) : countryCases(documents);
  return {
    documents: documents.length,
    buildMs: Math.round(buildMs),
    rawBytes: built.rawSize,
    compressedBytes: built.bytes.length,
    cachedToFirstResultMs: Math.round(cachedToFirstResultMs),
    retainedHeapMb: round(retainedHeapMb),
    latencyMs: await searchLatency(index, source, queries),
    relevance: await relevance(cases, (query) => index.search(buildSearchRequest(source, query))),
  };
}

const engineName = process.argv[2] as BenchEngineName;
if (!benchEngineNames.includes(engineName)) throw new Error(`Engine must be one of ${benchEngineNames}`);
const results: Record<string, unknown> = {};
for (const [name, records] of [
  ['countries', countryRecords],
  ['cities', cityRecords],
] as const) {
  results[name] = await benchSource(engineName, name, records());
}
console.info(JSON.stringify({ engine: engineName, results }));
