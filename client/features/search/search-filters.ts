// Which filters apply to a search, which sources it covers, and the value counts (facets) each
// filter control shows. A filter keeps only items that have its property: a source without a
// selected filter key is left out of the search rather than searched unfiltered.
import type { DataSourceConfig } from '#shared/app-config';
import { parseRangeValue } from '#shared/search/range-value';
import type { SelectedFilters } from '#shared/search/search-request';
import type { MultiSearchResult } from './search-sources';

type Sources = Record<string, Pick<DataSourceConfig, 'dataType' | 'filters' | 'rangeFilters'>>;

/** Filter key → value → number of matching items. */
export type FilterCounts = Record<string, Record<string, number>>;
/** Range filter key → matching items per bucket of its histogram. */
export type RangeCounts = Record<string, number[]>;

/** A source's filter keys: value filters, then range filters. */
export function filterKeysOf(source: Pick<DataSourceConfig, 'filters' | 'rangeFilters'>): string[] {
  return [...Object.keys(source.filters), ...Object.keys(source.rangeFilters ?? {})];
}

/** Range filter keys among `sources`, with the histogram buckets the first source names. */
export function rangeFiltersOf(sources: Sources): Map<string, number[]> {
  const ranges = new Map<string, number[]>();
  for (const source of Object.values(sources)) {
    for (const [key, { buckets }] of Object.entries(source.rangeFilters ?? {})) {
      if (!ranges.has(key)) ranges.set(key, buckets);
    }
  }
  return ranges;
}

/** The sources of the chosen data types (all when no chip is chosen), in config order. */
export function sourcesOfTypes(sources: Sources, chips: readonly string[]): string[] {
  return Object.keys(sources).filter((name) => chips.length === 0 || chips.includes(sources[name]!.dataType));
}

/** Filter keys valid for the chosen data types, in the order the sources name them. */
export function validFilterKeys(sources: Sources, chips: readonly string[]): string[] {
  return [...new Set(sourcesOfTypes(sources, chips).flatMap((name) => filterKeysOf(sources[name]!)))];
}

/**
 * The selection that applies: valid keys with at least one value; a range key (`rangeKeys`) only
 * with one readable range (a broken one from a pasted URL is ignored, as if absent).
 */
export function activeFilters(
  selection: SelectedFilters,
  validKeys: readonly string[],
  rangeKeys: ReadonlySet<string> = new Set(),
): SelectedFilters {
  return Object.fromEntries(
    Object.entries(selection).flatMap(([key, values]): [string, string[]][] => {
      if (!validKeys.includes(key) || values.length === 0) return [];
      if (!rangeKeys.has(key)) return [[key, values]];
      return values.length === 1 && parseRangeValue(values[0]!) ? [[key, values]] : [];
    }),
  );
}

/** Sets a range key's selection to its one value, or removes the key when there is none. */
export function withRange(
  selection: SelectedFilters,
  key: string,
  value: string | undefined,
): SelectedFilters {
  return value === undefined ? withoutFilter(selection, key) : { ...selection, [key]: [value] };
}

/** Data types to search: those chosen whose sources have every active filter key. */
export function dataTypesToSearch(
  sources: Sources,
  chips: readonly string[],
  active: SelectedFilters,
): string[] {
  const keys = Object.keys(active);
  const names = sourcesOfTypes(sources, chips).filter((name) =>
    keys.every((key) => filterKeysOf(sources[name]!).includes(key)),
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

/** Histogram counts of range `keys` over the sources a result covers, summed bucket by bucket. */
export function rangeCountsByKey(
  sources: Sources,
  result: Pick<MultiSearchResult, 'sources'>,
  keys: readonly string[],
): RangeCounts {
  const counts: RangeCounts = {};
  for (const [name, outcome] of Object.entries(result.sources)) {
    const ranges = sources[name]?.rangeFilters;
    if (outcome === 'error' || !ranges) continue;
    for (const key of keys) {
      const histogram = ranges[key] ? outcome.histograms?.[ranges[key].property] : undefined;
      if (!histogram) continue;
      const sum = counts[key] ?? histogram.map(() => 0);
      counts[key] = sum.map((count, bucket) => count + (histogram[bucket] ?? 0));
    }
  }
  return counts;
}
