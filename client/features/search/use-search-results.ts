// The screen's search results for the current query, run in the worker once the indexes are
// loaded. Results are cached until the text changes (spec §4), so going back to an earlier chip
// or filter is instant.
import { startTransition, useEffect, useState } from 'react';
import type { DataSourceConfig } from '#shared/app-config';
import { browserSearchDeps } from './browser-search-deps';
import { runScreenSearch, type ScreenQuery, type ScreenResult } from './run-screen-search';
import type { SearchLoadSnapshot } from './search-load-store';
import { canSearch } from './search-sources';

export interface SearchResultsState {
  /** The latest finished result (kept while a newer search runs), or undefined. */
  result: ScreenResult | undefined;
  /** A search for the current query is running. */
  pending: boolean;
  /** Matches per data type for the current text and filters, as far as searched so far. */
  typeCounts: Record<string, number>;
}

interface CacheEntry {
  /** Text and filters: what the per-type counts depend on. */
  scope: string;
  result: ScreenResult;
}

/** Kept across screen mounts (the item viewer and back), for one text at a time. */
const cache = new Map<string, CacheEntry>();
let cachedTerm: string | undefined;

/** `visible`: the sources this user may search; `dataSources`: every configured one. */
export function useSearchResults(
  dataSources: Record<string, DataSourceConfig>,
  visible: Record<string, DataSourceConfig>,
  load: SearchLoadSnapshot,
  query: ScreenQuery,
): SearchResultsState {
  // A source that finishes loading (or loads a newer index) makes the same query a new search.
  const loadedKey = Object.entries(load.sources)
    .filter(([, source]) => source.state === 'loaded')
    .map(([name, source]) => `${name}:${source.crc32c ?? ''}`)
    .join(',');
  const enabled = canSearch(query.term, query.chips, load.overall) && loadedKey !== '';
  const scope = JSON.stringify([query.term, query.filters]);
  const key = JSON.stringify([scope, query.chips, loadedKey]);

  const [shown, setShown] = useState<{ key: string; result: ScreenResult } | undefined>(() => {
    const cached = cache.get(key);
    return cached && { key, result: cached.result };
  });

  // The key covers every input of the search (query, scope, visible and dataSources).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!enabled) return setShown(undefined);
    if (query.term !== cachedTerm) {
      cache.clear();
      cachedTerm = query.term;
    }
    const cached = cache.get(key);
    if (cached) return setShown({ key, result: cached.result });
    let current = true;
    void runScreenSearch(dataSources, visible, query, browserSearchDeps()).then((result) => {
      if (query.term === cachedTerm) cache.set(key, { scope, result });
      if (current) startTransition(() => setShown({ key, result }));
    });
    return () => {
      current = false;
    };
  }, [key, enabled]);

  const sourceCounts = new Map<string, { dataType: string; count: number }>();
  for (const entry of shown ? cache.values() : []) {
    if (entry.scope !== scope) continue;
    for (const [name, outcome] of Object.entries(entry.result.sources)) {
      if (outcome !== 'error' && name in visible) sourceCounts.set(name, outcome);
    }
  }
  const typeCounts: Record<string, number> = {};
  for (const { dataType, count } of sourceCounts.values()) {
    typeCounts[dataType] = (typeCounts[dataType] ?? 0) + count;
  }
  return {
    result: enabled ? shown?.result : undefined,
    pending: enabled && shown?.key !== key,
    typeCounts,
  };
}
