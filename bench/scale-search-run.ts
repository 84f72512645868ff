// The scale bench's engine step in a fresh process, so that the heap is its own: the cities
// artifact as the server served it, from what the worker keeps of it on the device to the first
// result, the heap it keeps, and latency per query kind of bench/queries/cities.json (plain,
// filtered, as the search screen asks). With a derived file (engine-scale-run.ts derive), the
// engine takes its derived arrays from it, as a warm start does; without, it derives them, as the
// first opening (or one whose kept arrays were damaged) does.
// Usage: tsx bench/scale-search-run.ts <artifact file> [<derived file>]; prints one JSON line.
import { readFileSync } from 'node:fs';
import { loadAppConfig } from '../server/app-config';
import { buildSearchRequest } from '../shared/search/search-request';
import { siftEngine } from '../shared/search/sift-engine';
import { artifactEngine } from './search-engines';
import { heapMb } from './search-heap';
import { type QueryFile, searchLatency } from './search-latency';

const source = loadAppConfig().gapSearch.dataSources.cities!;
const queries = JSON.parse(readFileSync('bench/queries/cities.json', 'utf8')) as QueryFile;
const bytes = new Uint8Array(readFileSync(process.argv[2]!));
const derivedFile = process.argv[3];
const engine = artifactEngine(siftEngine);
const heapBefore = heapMb();
const kept = (await engine.keep?.(bytes)) ?? bytes;
const derived = derivedFile ? new Uint8Array(readFileSync(derivedFile)) : undefined;
const started = performance.now();
const index = await engine.open(source, kept, derived);
await index.search(buildSearchRequest(source, queries.kinds.fullName![0]!));
const cachedToFirstResultMs = Math.round(performance.now() - started);
const retainedHeapMb = Math.round(heapMb() - heapBefore);
const latency = await searchLatency(index, source, queries, { screen: true });
console.info(
  JSON.stringify({
    cachedToFirstResultMs,
    keptBytes: kept.length + (derived?.length ?? 0),
    retainedHeapMb,
    plain: latency.all.plain,
    filtered: latency.all.filtered,
    oneOrTwoCharacters: latency.byKind.plain!.prefix1to2,
    screen: latency.all.screen,
    retainedHeapAfterSearchesMb: Math.round(heapMb() - heapBefore),
  }),
);
