// Which of an item's fields the viewer shows, in what order: the description first, then the
// filterable properties, the searched names and the rest, leaving out what the heading shows and
// what the search itself adds (id, rank).
import type { DataSourceConfig } from '#shared/app-config';

const SEARCH_FIELDS = new Set(['id', 'rank']);

export interface ItemField {
  property: string;
  value: unknown;
  /** The filter key that filters on this property, if any (its values can start a search). */
  filterKey?: string;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The fields under an item's heading `title`: its title property only when the heading shows
 * another name (a localized title), never the localized titles themselves.
 */
export function itemFields(
  source: DataSourceConfig,
  document: Record<string, unknown>,
  title: string,
): ItemField[] {
  const ordered = [
    ...source.descriptionProperties,
    ...Object.keys(source.indexedProperties),
    ...Object.keys(source.searchProperties),
    ...Object.keys(document).sort(),
  ];
  const filterKeyOf = new Map(Object.entries(source.filters).map(([key, property]) => [property, key]));
  return [...new Set(ordered)]
    .filter(
      (property) =>
        !(property === source.titleProperty && document[property] === title) &&
        property !== source.localizedTitleProperty &&
        !SEARCH_FIELDS.has(property) &&
        !isEmpty(document[property]),
    )
    .map((property) => ({ property, value: document[property], filterKey: filterKeyOf.get(property) }));
}
