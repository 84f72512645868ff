// Search on the demo sources, the yardstick for engine work: index build time, artifact size,
// cached index → first result, retained heap, and search latency per query kind (bench/queries/)
// with and without an enum filter, limit 1000. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadAppConfig } from '../server/app-config';
import { validateRecords } from '../server/search/record-validation';
import { cityRecords } from '../server/seed/cities';
import { countryRecords } from '../server/seed/countries';
import type { DataSourceConfig } from '../shared/app-config';
import { buildArtifact, readArtifact, restoreArtifact } from '../shared/search/index-artifact';
import { toIndexDocument } from '../shared/search/index-input';
import { runSearch } from '../shared/search/run-search';
import { buildSearchRequest, type SelectedFilters } from '../shared/search/search-request';
import { latencyStats } from './stats';

/** Timed runs per query, after one untimed warm-up run. */
const REPEATS = 3;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

interface QueryFile {
  filter: SelectedFilters;
  kinds: Record<string, string[]>;
}

async function benchSource(name: string, source: DataSourceConfig, records: Record<string, unknown>[]) {
  const { valid, rejected } = validateRecords(
    source,
    records.map((record, i) => ({ at: i + 1, record })),
  );
  if (rejected.length > 0) throw new Error(`${name}: ${rejected.length} demo records do not fit the config`);
  const documents = valid.map((r) => toIndexDocument(r.key, r.document, r.rank));

  let started = performance.now();
  const artifact = await buildArtifact(source, documents);
  const buildMs = performance.now() - started;

  const queries = JSON.parse(readFileSync(`bench/queries/${name}.json`, 'utf8')) as QueryFile;
  const firstQuery = queries.kinds.fullName?.[0] ?? 'a';

  // What the worker does with an artifact from its cache: decompress, parse, restore, search.
  const heapBefore = heapMb();
  started = performance.now();
  const { engine, index } = await restoreArtifact(await readArtifact(artifact.bytes));
  await runSearch(engine, index, source.dataType, buildSearchRequest(source, firstQuery));
  const cachedToFirstResultMs = performance.now() - started;
  const retainedHeapMb = heapMb() - heapBefore;

  const latency: Record<string, Record<string, unknown>> = { plain: {}, filtered: {} };
  for (const [kind, terms] of Object.entries(queries.kinds)) {
    for (const [mode, filters] of [
      ['plain', {}],
      ['filtered', queries.filter],
    ] as const) {
      const durations: number[] = [];
      let hits = 0;
      for (const term of terms) {
        const request = buildSearchRequest(source, term, filters);
        await runSearch(engine, index, source.dataType, request);
        for (let i = 0; i < REPEATS; i += 1) {
          const start = performance.now();
          hits += (await runSearch(engine, index, source.dataType, request)).hits.length;
          durations.push(performance.now() - start);
        }
      }
      latency[mode]![kind] = { ...latencyStats(durations), meanHits: Math.round(hits / durations.length) };
    }
  }
  return {
    algorithm: source.algorithm,
    documents: documents.length,
    buildMs: Math.round(buildMs),
    rawBytes: artifact.rawSize,
    compressedBytes: artifact.bytes.length,
    cachedToFirstResultMs: Math.round(cachedToFirstResultMs),
    retainedHeapMb: round(retainedHeapMb),
    latencyMs: latency,
  };
}

const config = loadAppConfig();
const demo: [string, () => Record<string, unknown>[]][] = [
  ['countries', () => countryRecords()],
  ['cities', cityRecords],
];
const results: Record<string, unknown> = {};
for (const [name, records] of demo) {
  const source = config.gapSearch.dataSources[name];
  if (source) results[name] = await benchSource(name, source, records());
}
console.info(JSON.stringify({ bench: 'search', limit: 1000, repeats: REPEATS, results }));
