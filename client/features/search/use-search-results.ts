// The screen's search results for the current query as a query, run in the worker once the
// indexes are loaded. The previous result stays shown while the next runs; results are cached until
// the text changes (spec §4), so going back to an earlier chip or filter is instant.
import { keepPreviousData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useQueryInTransition } from '#client/lib/use-query-in-transition';
import type { DataSourceConfig } from '#shared/app-config';
import { searchQueryKeys } from './load-search-indexes';
import { runScreenSearch, type ScreenQuery, type ScreenResult } from './run-screen-search';
import { useSearchDeps } from './search-deps-context';
import { isSearchable, type SourceLoads } from './search-load-store';
import { canSearch } from './search-sources';

export interface SearchResultsState {
  /** The latest finished result (kept while a newer search runs), or undefined. */
  result: ScreenResult | undefined;
  /** A search for the current query is running. */
  pending: boolean;
  /** Matches per data type for the current text and filters, as far as searched so far. */
  typeCounts: Record<string, number>;
}

/** Matches per data type over the cached results of one text and filters (any chips). */
function typeCountsOf(
  client: QueryClient,
  scope: readonly unknown[],
  visible: Record<string, DataSourceConfig>,
): Record<string, number> {
  const sourceCounts = new Map<string, { dataType: string; count: number }>();
  for (const [, result] of client.getQueriesData<ScreenResult>({ queryKey: scope })) {
    for (const [name, outcome] of Object.entries(result?.sources ?? {})) {
      if (outcome !== 'error' && name in visible) sourceCounts.set(name, outcome);
    }
  }
  const typeCounts: Record<string, number> = {};
  for (const { dataType, count } of sourceCounts.values()) {
    typeCounts[dataType] = (typeCounts[dataType] ?? 0) + count;
  }
  return typeCounts;
}

/**
 * Removes the results no screen shows of another text, or of an index no longer loaded (a
 * protected one after sign-out). A query a screen observes is never removed: that would cancel it.
 */
function forgetOtherResults(client: QueryClient, term: string, loadedKey: string): void {
  const loaded = new Set(loadedKey.split(','));
  client.removeQueries({
    queryKey: searchQueryKeys.results,
    type: 'inactive',
    predicate: ({ queryKey }) =>
      queryKey[2] !== term ||
      !String(queryKey[5])
        .split(',')
        .every((source) => loaded.has(source)),
  });
}

/**
 * `visible`: the sources this user may search; `dataSources`: every configured one. `wanted` false:
 * nothing is searched (the result is undefined).
 */
export function useSearchResults(
  dataSources: Record<string, DataSourceConfig>,
  visible: Record<string, DataSourceConfig>,
  load: SourceLoads,
  query: ScreenQuery,
  wanted = true,
): SearchResultsState {
  const deps = useSearchDeps();
  const client = useQueryClient();
  // A source that finishes loading (or loads a newer index, or its head) makes the same query a new search.
  const loadedKey = Object.entries(load.sources)
    .filter(([, source]) => isSearchable(source))
    .map(([name, source]) =>
      source.state === 'loaded'
        ? `${name}:${source.crc32c ?? ''}+${source.deltaCrc32c ?? ''}`
        : `${name}:first ${source.firstSearchable}`,
    )
    .join(',');
  const enabled = wanted && canSearch(query.term, query.chips, load.overall) && loadedKey !== '';
  // Text and filters: what the per-type counts depend on.
  const scope = [...searchQueryKeys.results, query.term, JSON.stringify(query.filters)];
  // Read in a transition: the screen is drawn again in slices as the search starts and answers.
  const results = useQueryInTransition({
    // The key covers every input of the search (query, visible and dataSources).
    queryKey: [...scope, query.chips, loadedKey, query.near ?? null],
    queryFn: () => {
      forgetOtherResults(client, query.term, loadedKey);
      return runScreenSearch(dataSources, visible, query, deps);
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
  });
  const current = enabled ? results.data : undefined;
  // A new result renders in the background, as a transition would, keeping typing responsive.
  const shown = useDeferredValue(current);
  return {
    result: shown,
    pending: enabled && (results.isPlaceholderData || current === undefined || shown !== current),
    typeCounts: shown ? typeCountsOf(client, scope, visible) : {},
  };
}
