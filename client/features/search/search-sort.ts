// Result orders: sort 0 is the merged score order; sort n (1, 2…) is the n-th distinct sortOptions
// id across all configured sources, so a URL's `sort` means the same whatever the chips.
import type { DataSourceConfig } from '#shared/app-config';
import type { SearchHit } from '#shared/search/search-types';
import type { SearchLabels } from './search-labels';

type Sources = Record<string, Pick<DataSourceConfig, 'dataType' | 'sortOptions'>>;

/** Every sort option id, in config order; option id i is URL value i + 1. */
export function sortOptionIds(sources: Sources): string[] {
  return [...new Set(Object.values(sources).flatMap((source) => source.sortOptions.map((o) => o.id)))];
}

/** The sort option id a URL `sort` value names, or undefined for best match (0 or unknown). */
export function sortIdOf(sources: Sources, sort: number): string | undefined {
  return sort > 0 ? sortOptionIds(sources)[sort - 1] : undefined;
}

/** The URL `sort` values offered for these data types: 0 and every option one of them has. */
export function sortValuesFor(sources: Sources, dataTypes: readonly string[]): number[] {
  const offered = new Set(
    Object.values(sources)
      .filter((source) => dataTypes.includes(source.dataType))
      .flatMap((source) => source.sortOptions.map((o) => o.id)),
  );
  return [0, ...sortOptionIds(sources).flatMap((id, i) => (offered.has(id) ? [i + 1] : []))];
}

function comparable(value: unknown): number | string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim()) return value;
  return undefined;
}

type SortedSources = Record<
  string,
  Pick<DataSourceConfig, 'dataType' | 'sortOptions' | 'titleProperty' | 'localizedTitleProperty'>
>;

/**
 * Hits in the order of option `id` (each hit by its own source's property and direction); hits
 * whose source lacks the option or whose value is missing come last, by score. An option on the
 * title property orders by the title shown (in the interface language). Stable.
 */
export function sortHits(
  hits: SearchHit[],
  id: string | undefined,
  sources: SortedSources,
  labels: Pick<SearchLabels, 'collator' | 'title'>,
) {
  if (!id) return hits;
  const sortOf = new Map(
    Object.values(sources).map((source) => [
      source.dataType,
      { source, option: source.sortOptions.find((o) => o.id === id) },
    ]),
  );
  const keyed = hits.map((hit) => {
    const { source, option } = sortOf.get(hit.dataType) ?? {};
    const value = option && comparable(hit.document[option.property]);
    return {
      hit,
      value:
        value !== undefined && option!.property === source!.titleProperty
          ? labels.title(source!, hit.document, hit.id)
          : value,
      sign: option?.direction === 'desc' ? -1 : 1,
    };
  });
  keyed.sort((a, b) => {
    if (a.value === undefined || b.value === undefined) {
      return a.value === b.value ? b.hit.score - a.hit.score : a.value === undefined ? 1 : -1;
    }
    const order =
      typeof a.value === 'number' && typeof b.value === 'number'
        ? a.value - b.value
        : labels.collator.compare(String(a.value), String(b.value));
    return order * a.sign || b.hit.score - a.hit.score;
  });
  return keyed.map((entry) => entry.hit);
}
