// Search latency per query kind of a bench/queries/ file: each query plain and with the file's
// filter, and optionally as the search screen asks (facets and histograms, plain and filtered).
import type { DataSourceConfig } from '../shared/app-config';
import { buildSearchRequest, type SelectedFilters } from '../shared/search/search-request';
import type { OpenIndex } from './search-engines';
import { latencyStats } from './stats';

/** Timed runs per query, after one untimed warm-up run (and a warm-up pass over all queries). */
const REPEATS = 3;

export interface QueryFile {
  filter: SelectedFilters;
  kinds: Record<string, string[]>;
}

type Mode = 'plain' | 'filtered' | 'screen' | 'screenFiltered';

/** Latency once every query ran once untimed, so that the first kinds do not pay for JIT warm-up alone. */
export async function searchLatency(
  index: OpenIndex,
  source: DataSourceConfig,
  queries: QueryFile,
  options: { screen?: boolean } = {},
) {
  const modes: [Mode, SelectedFilters, boolean][] = [
    ['plain', {}, false],
    ['filtered', queries.filter, false],
  ];
  if (options.screen) modes.push(['screen', {}, true], ['screenFiltered', queries.filter, true]);
  for (const terms of Object.values(queries.kinds)) {
    for (const term of terms) await index.search(buildSearchRequest(source, term, queries.filter));
  }
  const byKind: Record<string, Record<string, unknown>> = {};
  const pooled: Record<string, number[]> = {};
  for (const [mode] of modes) {
    byKind[mode] = {};
    pooled[mode] = [];
  }
  for (const [kind, terms] of Object.entries(queries.kinds)) {
    for (const [mode, filters, facets] of modes) {
      const durations: number[] = [];
      let hits = 0;
      for (const term of terms) {
        const request = buildSearchRequest(source, term, filters, { facets });
        await index.search(request);
        for (let i = 0; i < REPEATS; i += 1) {
          const start = performance.now();
          hits += (await index.search(request)).length;
          durations.push(performance.now() - start);
        }
      }
      byKind[mode]![kind] = { ...latencyStats(durations), meanHits: Math.round(hits / durations.length) };
      pooled[mode]!.push(...durations);
    }
  }
  const all = Object.fromEntries(modes.map(([mode]) => [mode, latencyStats(pooled[mode]!)]));
  return { all, byKind };
}
