// One search of the screen: the hits of the current query and, per filter, the value counts it
// shows. A filter with a selection is counted without its own selection (the values it offers
// add to it), so each selected filter costs one more search; they all run in the worker.
import type { DataSourceConfig } from '#shared/app-config';
import type { SelectedFilters } from '#shared/search/search-request';
import type { SearchHit } from '#shared/search/search-types';
import type { SearchIndexDeps } from './load-search-indexes';
import {
  countsByFilterKey,
  dataTypesToSearch,
  type FilterCounts,
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
}

const EMPTY: ScreenResult = { hits: [], sources: {}, limited: false, total: 0, counts: {} };

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
  if (dataTypes.length === 0) return EMPTY;
  const term = query.term || undefined;
  const search = (filters: SelectedFilters, types: string[]) =>
    searchSources(dataSources, { term, filters, dataTypes: types, facets: true }, deps);
  const selectedKeys = Object.keys(query.filters);
  const [main, ...perKey] = await Promise.all([
    search(query.filters, dataTypes),
    ...selectedKeys.map((key) => {
      const others = withoutFilter(query.filters, key);
      const withKey = Object.fromEntries(Object.entries(visible).filter(([, s]) => key in s.filters));
      const types = dataTypesToSearch(withKey, query.chips, others);
      return types.length > 0 ? search(others, types) : undefined;
    }),
  ]);
  const keys = validFilterKeys(visible, query.chips);
  const counts = countsByFilterKey(
    visible,
    main!,
    keys.filter((key) => !selectedKeys.includes(key)),
  );
  selectedKeys.forEach((key, i) => {
    counts[key] = perKey[i] ? countsByFilterKey(visible, perKey[i], [key])[key]! : {};
  });
  const total = Object.values(main!.sources).reduce(
    (sum, outcome) => sum + (outcome === 'error' ? 0 : outcome.count),
    0,
  );
  return { hits: main!.hits, sources: main!.sources, limited: main!.limited, total, counts };
}
