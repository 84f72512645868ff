// Sift at scale in a fresh process: N synthetic documents of the cities shape (seeded,
// bench/synthetic-cities.ts), built into the artifact the
// server serves, then from those bytes to the first result, retained heap, and latency per query
// kind of bench/queries/cities.json (plain, with its country filter, and as the search screen asks:
// with facets and the population histogram).
// Usage: tsx bench/engine-scale-run.ts <documents> [artifact cache file]; prints one JSON line.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadAppConfig } from '../server/app-config';
import { recordsToIndexDocuments } from '../shared/search/index-input';
import { buildSearchRequest } from '../shared/search/search-request';
import { siftEngine } from '../shared/search/sift-engine';
import { artifactEngine } from './search-engines';
import { heapMb } from './search-heap';
import { type QueryFile, searchLatency } from './search-latency';
import { syntheticCities } from './synthetic-cities';

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function measureEngineAtScale(count: number, cacheFile?: string) {
  const source = loadAppConfig().gapSearch.dataSources.cities!;
  const queries = JSON.parse(readFileSync('bench/queries/cities.json', 'utf8')) as QueryFile;
  const engine = artifactEngine(siftEngine);
  let buildMs: number | undefined;
  let bytes: Uint8Array;
  if (cacheFile && existsSync(cacheFile)) bytes = new Uint8Array(readFileSync(cacheFile));
  else {
    const documents = recordsToIndexDocuments(source, [...syntheticCities(count)]);
    const started = performance.now();
    bytes = (await engine.build(source, documents)).bytes;
    buildMs = Math.round(performance.now() - started);
    if (cacheFile) writeFileSync(cacheFile, bytes);
  }
  const heapBefore = heapMb();
  const started = performance.now();
  const index = await engine.open(source, bytes);
  const restoreMs = performance.now() - started;
  await index.search(buildSearchRequest(source, queries.kinds.fullName![0]!));
  const cachedToFirstResultMs = performance.now() - started;
  const retainedHeapMb = heapMb() - heapBefore;
  return {
    documents: count,
    buildMs,
    compressedBytes: bytes.length,
    restoreMs: Math.round(restoreMs),
    cachedToFirstResultMs: Math.round(cachedToFirstResultMs),
    retainedHeapMb: round(retainedHeapMb),
    latencyMs: await searchLatency(index, source, queries, { screen: true }),
    retainedHeapAfterSearchesMb: round(heapMb() - heapBefore),
  };
}

const count = Number(process.argv[2]);
if (!(count > 0)) throw new Error('Usage: tsx bench/engine-scale-run.ts <documents> [artifact cache file]');
console.info(JSON.stringify(await measureEngineAtScale(count, process.argv[3])));
