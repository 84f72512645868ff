// One search of the screen: the hits of the current query and, per filter, the value counts (range
// filters: the histogram) it shows. A filter with a selection is counted without its own selection
// (what choosing otherwise would give) and with every other one, so each selected filter costs one
// more search; they all run in the worker.
import type { DataSourceConfig } from '#shared/app-config';
import type { SelectedFilters } from '#shared/search/search-request';
import type { SearchHit } from '#shared/search/search-types';
import type { SearchIndexDeps } from './load-search-indexes';
import {
  countsByFilterKey,
  dataTypesToSearch,
  type FilterCounts,
  filterKeysOf,
  type RangeCounts,
  rangeCountsByKey,
  rangeFiltersOf,
  validFilterKeys,
  withoutFilter,
} from './search-filters';
import { type MultiSearchResult, searchSources } from './search-sources';

export interface ScreenQuery {
  /** The committed text, trimmed. */
  term: string;
  chips: string[];
  /** Only valid filters with values (activeFilters). */
  filters: SelectedFilters;
  /** Choose and order hits nearest this place (sources with coordinates). */
  near?: { lat: number; lon: number };
}

export interface ScreenResult {
  /** Every hit of the searched sources, best score first. */
  hits: SearchHit[];
  sources: MultiSearchResult['sources'];
  limited: boolean;
  /** Matches before the per-source limit, over the searched sources. */
  total: number;
  /** Filter key → value → matching items. */
  counts: FilterCounts;
  /** Range filter key → matching items per histogram bucket. */
  rangeCounts: RangeCounts;
}

export const EMPTY_SCREEN_RESULT: ScreenResult = {
  hits: [],
  sources: {},
  limited: false,
  total: 0,
  counts: {},
  rangeCounts: {},
};

/**
 * `visible`: the sources this user may search; `dataSources`: every configured one. Sources
 * lacking a filter in effect are not searched (search-filters.ts).
 */
export async function runScreenSearch(
  dataSources: Record<string, DataSourceConfig>,
  visible: Record<string, DataSourceConfig>,
  query: ScreenQuery,
  deps: Pick<SearchIndexDeps, 'store' | 'worker' | 'logError'>,
): Promise<ScreenResult> {
  const dataTypes = dataTypesToSearch(visible, query.chips, query.filters);
  if (dataTypes.length === 0) return EMPTY_SCREEN_RESULT;
  const term = query.term || undefined;
  const search = (filters: SelectedFilters, types: string[]) =>
    searchSources(dataSources, { term, filters, dataTypes: types, facets: true, near: query.near }, deps);
  const selectedKeys = Object.keys(query.filters);
  const [main, ...perKey] = await Promise.all([
    search(query.filters, dataTypes),
    ...selectedKeys.map((key) => {
      const others = withoutFilter(query.filters, key);
      const withKey = Object.fromEntries(
        Object.entries(visible).filter(([, s]) => filterKeysOf(s).includes(key)),
      );
      const types = dataTypesToSearch(withKey, query.chips, others);
      return types.length > 0 ? search(others, types) : undefined;
    }),
  ]);
  const ranges = rangeFiltersOf(visible);
  const keys = validFilterKeys(visible, query.chips).filter((key) => !selectedKeys.includes(key));
  const counts = countsByFilterKey(
    visible,
    main!,
    keys.filter((key) => !ranges.has(key)),
  );
  const rangeCounts = rangeCountsByKey(
    visible,
    main!,
    keys.filter((key) => ranges.has(key)),
  );
  selectedKeys.forEach((key, i) => {
    const without = perKey[i];
    if (ranges.has(key)) {
      const histogram = without ? rangeCountsByKey(visible, without, [key])[key] : undefined;
      if (histogram) rangeCounts[key] = histogram;
    } else counts[key] = without ? countsByFilterKey(visible, without, [key])[key]! : {};
  });
  const total = Object.values(main!.sources).reduce(
    (sum, outcome) => sum + (outcome === 'error' ? 0 : outcome.count),
    0,
  );
  return { hits: main!.hits, sources: main!.sources, limited: main!.limited, total, counts, rangeCounts };
}
