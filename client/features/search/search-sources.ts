// Runs one search over every loaded source (or the chosen data types) and merges the hits by
// score (spec §4, §8): a source that reaches the limit is flagged, one that fails is logged and skipped.
import type { DataSourceConfig } from '#shared/app-config';
import { mergeHits } from '#shared/search/merge-hits';
import { buildSearchRequest, type SelectedFilters } from '#shared/search/search-request';
import type { FacetCounts, LoadState, SearchHit } from '#shared/search/search-types';
import type { SearchIndexDeps } from './load-search-indexes';
import { isSearchable } from './search-load-store';

export interface SourceOutcome {
  dataType: string;
  /** Matches before the limit cut. */
  count: number;
  limited: boolean;
  facets: FacetCounts;
  /** Numeric property → matches per bucket of its range filter's histogram (absent: none counted). */
  histograms?: Record<string, number[]>;
}

export interface MultiSearchResult {
  /** Hits of every searched source, best score first. */
  hits: SearchHit[];
  /** Per source searched: its outcome, or 'error' when it failed (and was skipped). */
  sources: Record<string, SourceOutcome | 'error'>;
  /** Some source reached the limit: there are more matches than shown. */
  limited: boolean;
}

export interface SearchQuery {
  term?: string;
  /** Filter key → selected values (the `f` URL parameter). */
  filters?: SelectedFilters;
  /** Chips: search only sources of these data types (all when empty). */
  dataTypes?: string[];
  /** Also count the values of each source's filter properties (and range histograms) over all matches. */
  facets?: boolean;
  /** Choose and order each source's hits nearest this place (sources with coordinates). */
  near?: { lat: number; lon: number };
}

/** Spec §5: search only with non-blank text or a chip, and once indexes are no longer unloaded. */
export function canSearch(term: string | undefined, dataTypes: string[], overall: LoadState): boolean {
  return (Boolean(term?.trim()) || dataTypes.length > 0) && overall !== 'unloaded';
}

export async function searchSources(
  dataSources: Record<string, DataSourceConfig>,
  query: SearchQuery,
  deps: Pick<SearchIndexDeps, 'store' | 'worker' | 'logError'>,
): Promise<MultiSearchResult> {
  const { store } = deps;
  const chips = query.dataTypes ?? [];
  const names = Object.keys(dataSources).filter(
    (name) =>
      isSearchable(store.getSnapshot().sources[name]) &&
      (chips.length === 0 || chips.includes(dataSources[name]!.dataType)),
  );
  store.searchStarted();
  try {
    const outcomes = await Promise.all(
      names.map(async (name) => {
        const request = buildSearchRequest(dataSources[name]!, query.term, query.filters, {
          facets: query.facets,
          near: query.near,
        });
        const result = await deps.worker.searchIndex(name, request).catch(() => 'error' as const);
        if (result === 'error')
          deps.logError(
            'A search failed on one source; it is skipped',
            new Error(`search failed on ${name}`),
            name,
          );
        return [name, result] as const;
      }),
    );
    const merged: MultiSearchResult = { hits: [], sources: {}, limited: false };
    for (const [name, result] of outcomes) {
      if (result === 'error') {
        merged.sources[name] = 'error';
        continue;
      }
      merged.sources[name] = {
        dataType: dataSources[name]!.dataType,
        count: result.count,
        limited: result.limited,
        facets: result.facets,
        histograms: result.histograms,
      };
      merged.limited ||= result.limited;
    }
    merged.hits = mergeHits(outcomes.flatMap(([, result]) => (result === 'error' ? [] : [result.hits])));
    return merged;
  } finally {
    store.searchEnded();
  }
}
