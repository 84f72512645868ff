// Builds the request for one source from what the user chose: the term, the selected values per
// filter key (the `f` URL parameter; a range filter's one value is "min..max") and the place to
// order by distance from. Filter keys the source does not have are ignored.
import type { DataSourceConfig } from '../app-config';
import { fieldWeights } from './field-weights';
import { parseRangeValue } from './range-value';
import { SEARCH_LIMIT, SEARCH_THRESHOLD, type SearchRequest } from './search-types';

/** Filter key → selected values, as kept in the URL and in local storage. */
export type SelectedFilters = Record<string, string[]>;

export function buildSearchRequest(
  source: Pick<
    DataSourceConfig,
    | 'filters'
    | 'boostProperties'
    | 'searchProperties'
    | 'titleProperty'
    | 'titleProperties'
    | 'codeProperties'
    | 'omitFromHits'
    | 'rangeFilters'
    | 'coordinates'
  >,
  term: string | undefined,
  selected: SelectedFilters = {},
  options: { facets?: boolean; near?: { lat: number; lon: number } } = {},
): SearchRequest {
  const where: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(selected)) {
    const property = source.filters[key];
    if (property && values.length > 0) where[property] = [...(where[property] ?? []), ...values];
  }
  const request: SearchRequest = {
    limit: SEARCH_LIMIT,
    threshold: SEARCH_THRESHOLD,
    where,
    boost: fieldWeights(source),
  };
  if (source.codeProperties?.length) request.codes = [...source.codeProperties];
  if (source.omitFromHits?.length) request.omit = [...source.omitFromHits];
  if (term?.trim()) request.term = term.trim();
  const ranges = Object.entries(source.rangeFilters ?? {});
  for (const [key, { property }] of ranges) {
    const bounds = selected[key]?.[0] === undefined ? undefined : parseRangeValue(selected[key][0]);
    if (bounds) request.ranges = { ...request.ranges, [property]: bounds };
  }
  if (options.facets) {
    request.facets = [...new Set(Object.values(source.filters))];
    if (ranges.length > 0) {
      request.histograms = Object.fromEntries(ranges.map(([, { property, buckets }]) => [property, buckets]));
    }
  }
  if (options.near && source.coordinates) {
    request.near = {
      ...options.near,
      latProperty: source.coordinates.lat,
      lonProperty: source.coordinates.lon,
    };
  }
  return request;
}
