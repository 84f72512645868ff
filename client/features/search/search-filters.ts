// Which filters apply to a search, which sources it covers, and the value counts (facets) each
// filter control shows. A filter keeps only items that have its property: a source without a
// selected filter key is left out of the search rather than searched unfiltered.
import type { DataSourceConfig } from '#shared/app-config';
import type { SelectedFilters } from '#shared/search/search-request';
import type { MultiSearchResult } from './search-sources';

type Sources = Record<string, Pick<DataSourceConfig, 'dataType' | 'filters'>>;

/** Filter key → value → number of matching items. */
export type FilterCounts = Record<string, Record<string, number>>;

/** The sources of the chosen data types (all when no chip is chosen), in config order. */
export function sourcesOfTypes(sources: Sources, chips: readonly string[]): string[] {
  return Object.keys(sources).filter((name) => chips.length === 0 || chips.includes(sources[name]!.dataType));
}

/** Filter keys valid for the chosen data types, in the order the sources name them. */
export function validFilterKeys(sources: Sources, chips: readonly string[]): string[] {
  return [...new Set(sourcesOfTypes(sources, chips).flatMap((name) => Object.keys(sources[name]!.filters)))];
}

/** The selection that applies: valid keys with at least one value. */
export function activeFilters(selection: SelectedFilters, validKeys: readonly string[]): SelectedFilters {
  return Object.fromEntries(
    Object.entries(selection).filter(([key, values]) => validKeys.includes(key) && values.length > 0),
  );
}

/** Data types to search: those chosen whose sources have every active filter key. */
export function dataTypesToSearch(
  sources: Sources,
  chips: readonly string[],
  active: SelectedFilters,
): string[] {
  const keys = Object.keys(active);
  const names = sourcesOfTypes(sources, chips).filter((name) =>
    keys.every((key) => key in sources[name]!.filters),
  );
  return [...new Set(names.map((name) => sources[name]!.dataType))];
}

export function withoutFilter(filters: SelectedFilters, key: string): SelectedFilters {
  const { [key]: _removed, ...rest } = filters;
  return rest;
}

/** Adds `value` to the key's selection, or removes it when selected; empty keys disappear. */
export function toggleFilterValue(selection: SelectedFilters, key: string, value: string): SelectedFilters {
  const current = selection[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return next.length > 0 ? { ...selection, [key]: next } : withoutFilter(selection, key);
}

/** Value counts of `keys` over the sources a result covers, summed across sources sharing a key. */
export function countsByFilterKey(
  sources: Sources,
  result: Pick<MultiSearchResult, 'sources'>,
  keys: readonly string[],
): FilterCounts {
  const counts: FilterCounts = Object.fromEntries(keys.map((key) => [key, {}]));
  for (const [name, outcome] of Object.entries(result.sources)) {
    const filters = sources[name]?.filters;
    if (outcome === 'error' || !filters) continue;
    for (const key of keys) {
      const values = filters[key] ? outcome.facets[filters[key]] : undefined;
      for (const [value, count] of Object.entries(values ?? {})) {
        counts[key]![value] = (counts[key]![value] ?? 0) + count;
      }
    }
  }
  return counts;
}
