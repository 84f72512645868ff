// The search screen's state, kept in the URL (spec §2, §4): read from the route's chips and query
// string, changed through `update`, which replaces the history entry. Filters also persist on
// the device: a URL without `f` gets the stored selection, and the URL is rewritten to show it;
// the history entry notes what was restored, so the screen can say so until the user changes it.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { DataSourceConfig } from '#shared/app-config';
import type { SelectedFilters } from '#shared/search/search-request';
import { activeFilters, rangeFiltersOf, validFilterKeys } from './search-filters';
import { parseSearchUrl, type SearchUrlState, searchUrlOf } from './search-url-state';
import { readSelectedFilters, storeSelectedFilters } from './selected-filters-storage';

export type SearchScreenPatch = Partial<Omit<SearchUrlState, 'filters'>> & { filters?: SelectedFilters };

type ScreenValues = Omit<SearchUrlState, 'filters'> & {
  /** Every selected filter, including keys the chosen data types do not have. */
  selection: SelectedFilters;
};

export interface SearchScreenState extends ScreenValues {
  /** Filter keys of the chosen data types. */
  validKeys: string[];
  /** The filters that apply: valid keys with values. */
  active: SelectedFilters;
  /** The filters in effect were restored from the device, not chosen for this search. */
  restored: boolean;
  update: (patch: SearchScreenPatch) => void;
}

const sameFilters = (a: SelectedFilters, b: SelectedFilters) => JSON.stringify(a) === JSON.stringify(b);

/** What `update` adds to the history entry's state; the rest of it (e.g. `searchFrom`) is kept. */
interface RestoredState {
  restoredFilters?: SelectedFilters;
}

const restoredOf = (state: unknown) => (state as RestoredState | null)?.restoredFilters;

/**
 * `dataSources`: every configured source (chips naming no data type of theirs are ignored);
 * `visible`: the sources this user may search (their filters are the ones offered).
 */
export function useSearchScreenState(
  dataSources: Record<string, DataSourceConfig>,
  visible: Record<string, DataSourceConfig>,
): SearchScreenState {
  const [query] = useSearchParams();
  const { chips: chipsParam } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const url = useMemo(() => {
    const parsed = parseSearchUrl(query, chipsParam);
    const known = new Set(Object.values(dataSources).map((source) => source.dataType));
    return { ...parsed, chips: parsed.chips.filter((chip) => known.has(chip)) };
  }, [query, chipsParam, dataSources]);
  const urlSelection = useMemo(() => {
    const stored = readSelectedFilters();
    if (!url.filters) return stored;
    // Keys the URL cannot show (invalid for these chips) stay as stored.
    const hidden = Object.entries(stored).filter(
      ([key]) => !validFilterKeys(visible, url.chips).includes(key),
    );
    return { ...Object.fromEntries(hidden), ...url.filters };
  }, [url.filters, url.chips, visible]);

  // What the user just chose shows at once, before the router has moved to its URL.
  const [pending, setPending] = useState<{ from: string; state: ScreenValues }>();
  const current = useMemo<ScreenValues>(
    () => (pending?.from === location.key ? pending.state : { ...url, selection: urlSelection }),
    [pending, location.key, url, urlSelection],
  );
  const validKeys = useMemo(() => validFilterKeys(visible, current.chips), [visible, current.chips]);
  const rangeKeys = useMemo(() => new Set(rangeFiltersOf(visible).keys()), [visible]);
  const active = useMemo(
    () => activeFilters(current.selection, validKeys, rangeKeys),
    [current.selection, validKeys, rangeKeys],
  );

  const write = useCallback(
    (patch: SearchScreenPatch, state: unknown) => {
      const { filters, ...rest } = patch;
      const next: ScreenValues = { ...current, ...rest, selection: filters ?? current.selection };
      if (filters) storeSelectedFilters(filters);
      setPending({ from: location.key, state: next });
      navigate(searchUrlOf({ ...next, filters: next.selection }, validFilterKeys(visible, next.chips)), {
        replace: true,
        state,
      });
    },
    [current, visible, navigate, location.key],
  );
  const update = useCallback(
    (patch: SearchScreenPatch) => write(patch, location.state),
    [write, location.state],
  );

  const searching = Boolean(url.text.trim()) || url.chips.length > 0;
  const loaded = Object.keys(visible).length > 0;
  // Only once the URL shows the latest choice: until then it and the storage disagree on purpose.
  const settled = pending?.from !== location.key;
  useEffect(() => {
    if (!settled || !searching || !loaded) return;
    // A pasted URL's filters become the stored selection; a URL without them shows the stored one.
    if (url.filters && !sameFilters(urlSelection, readSelectedFilters())) storeSelectedFilters(urlSelection);
    if (
      !url.filters &&
      Object.keys(activeFilters(urlSelection, validFilterKeys(visible, url.chips), rangeKeys)).length > 0
    )
      write({}, {
        ...(location.state as object | null),
        restoredFilters: urlSelection,
      } satisfies RestoredState);
  }, [settled, searching, loaded, url, urlSelection, visible, rangeKeys, write, location.state]);

  const restoredFilters = restoredOf(location.state);
  // Until the user changes the selection: then the filters are theirs.
  const restored = restoredFilters !== undefined && sameFilters(restoredFilters, current.selection);
  return { ...current, validKeys, active, restored, update };
}
