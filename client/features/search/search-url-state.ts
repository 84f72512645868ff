// The search screen's state as the URL carries it (spec §2, §4, §5): the chips route parameter
// and the query string s, f, sort, page, itemsPerPage. Reading never throws: a broken value reads
// as its default, so any pasted URL opens a working screen.
import { z } from 'zod/mini';
import { paths } from '#client/paths';
import type { SelectedFilters } from '#shared/search/search-request';

/** Spec §9: default page 1, default sort 0 (best match). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_SORT = 0;
export const ITEMS_PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_ITEMS_PER_PAGE = 20;

export interface SearchUrlState {
  text: string;
  /** Data types the search is limited to; empty means all. */
  chips: string[];
  /** Filter key → selected values; undefined when the URL has no (readable) `f`. */
  filters: SelectedFilters | undefined;
  sort: number;
  page: number;
  itemsPerPage: number;
}

const FiltersSchema = z.record(z.string(), z.array(z.string()));

/** A comma-separated chips parameter as a list of distinct data types. */
export function parseChips(param: string | undefined): string[] {
  const chips = (param ?? '')
    .split(',')
    .map((chip) => chip.trim())
    .filter(Boolean);
  return [...new Set(chips)];
}

/** The selected filters in `f`, or undefined when it is absent or not a map of string lists. */
export function parseFilters(value: string | null): SelectedFilters | undefined {
  if (value === null) return undefined;
  try {
    const parsed = FiltersSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function wholeNumber(value: string | null, min: number, fallback: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= min ? number : fallback;
}

export function parseSearchUrl(query: URLSearchParams, chipsParam: string | undefined): SearchUrlState {
  const itemsPerPage = wholeNumber(query.get('itemsPerPage'), 1, DEFAULT_ITEMS_PER_PAGE);
  return {
    text: query.get('s') ?? '',
    chips: parseChips(chipsParam),
    filters: parseFilters(query.get('f')),
    sort: wholeNumber(query.get('sort'), 0, DEFAULT_SORT),
    page: wholeNumber(query.get('page'), 1, DEFAULT_PAGE),
    itemsPerPage: (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(itemsPerPage)
      ? itemsPerPage
      : DEFAULT_ITEMS_PER_PAGE,
  };
}

/**
 * The filters that belong in the URL (spec §5): only keys valid for the selected data types and
 * only non-empty lists; undefined when none are left.
 */
export function filtersForUrl(
  filters: SelectedFilters,
  validKeys: readonly string[],
): SelectedFilters | undefined {
  const kept = Object.entries(filters).filter(
    ([key, values]) => validKeys.includes(key) && values.length > 0,
  );
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** The URL of a search screen state: /search or /search/{chips}, then s, f, sort, page, itemsPerPage. */
export function searchUrlOf(
  state: Omit<SearchUrlState, 'filters'> & { filters: SelectedFilters },
  validKeys: readonly string[],
): string {
  const filters = filtersForUrl(state.filters, validKeys);
  const query = {
    s: state.text || undefined,
    f: filters ? JSON.stringify(filters) : undefined,
    sort: state.sort !== DEFAULT_SORT ? String(state.sort) : undefined,
    page: state.page !== DEFAULT_PAGE ? String(state.page) : undefined,
    itemsPerPage: String(state.itemsPerPage),
  };
  return state.chips.length > 0 ? paths.searchChips(state.chips, query) : paths.search(query);
}

/** History state of a search screen entry: where the search was started, to go back to (spec §2). */
export interface SearchHistoryState {
  searchFrom?: string;
}

export function searchFromOf(state: unknown): string | undefined {
  const from = (state as SearchHistoryState | null)?.searchFrom;
  return typeof from === 'string' ? from : undefined;
}

/** History state of an item opened from the results: the search to go back to. */
export interface ItemHistoryState {
  searchUrl?: string;
}

export function searchUrlOfItemState(state: unknown): string | undefined {
  const url = (state as ItemHistoryState | null)?.searchUrl;
  return typeof url === 'string' && url.startsWith('/search') ? url : undefined;
}

/** The search screen listing the items of `dataType` that have `value` under filter `key`. */
export function filteredSearchUrl(dataType: string, key: string, value: string): string {
  return searchUrlOf(
    {
      text: '',
      chips: [dataType],
      filters: { [key]: [value] },
      sort: DEFAULT_SORT,
      page: DEFAULT_PAGE,
      itemsPerPage: DEFAULT_ITEMS_PER_PAGE,
    },
    [key],
  );
}
