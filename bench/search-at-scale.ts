// Sift on a cities artifact as the worker meets it: from what it keeps on the device to the first
// result, the heap it keeps, and latency per query kind of bench/queries/cities.json (plain, with the
// file's country filter, and as the search screen asks: with facets and the population histogram).
// Call it in a fresh process, so that the heap and the JIT state are the index's own.
import { readFileSync } from 'node:fs';
import { loadAppConfig } from '../server/app-config';
import { buildSearchRequest } from '../shared/search/search-request';
import { siftEngine } from '../shared/search/sift-engine';
import { artifactEngine } from './search-engines';
import { heapMb } from './search-heap';
import { type QueryFile, searchLatency } from './search-latency';

const round = (value: number) => Math.round(value * 10) / 10;

export async function measureCitiesArtifact(bytes: Uint8Array) {
  const source = loadAppConfig().gapSearch.dataSources.cities!;
  const queries = JSON.parse(readFileSync('bench/queries/cities.json', 'utf8')) as QueryFile;
  const engine = artifactEngine(siftEngine);
  const heapBefore = heapMb();
  const kept = (await engine.keep?.(bytes)) ?? bytes;
  const started = performance.now();
  const index = await engine.open(source, kept);
  const openMs = performance.now() - started;
  await index.search(buildSearchRequest(source, queries.kinds.fullName![0]!));
  const cachedToFirstResultMs = performance.now() - started;
  const retainedHeapMb = heapMb() - heapBefore;
  const latencyMs = await searchLatency(index, source, queries, { screen: true });
  return {
    compressedBytes: bytes.length,
    openMs: Math.round(openMs),
    cachedToFirstResultMs: Math.round(cachedToFirstResultMs),
    retainedHeapMb: round(retainedHeapMb),
    retainedHeapAfterSearchesMb: round(heapMb() - heapBefore),
    latencyMs,
  };
}
