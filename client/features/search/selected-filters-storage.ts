// The selected search filters, kept on this device (spec §2: gap-search:selectedFilterOptions) when
// the visitor allowed the "preferences" consent category; the whole selection, including keys
// that the current chips make invalid, so that choosing the chip again brings them back.

import { optionalStorage } from '#client/consent/optional-storage';
import type { SelectedFilters } from '#shared/search/search-request';
import { parseFilters } from './search-url-state';

export const SELECTED_FILTERS_KEY = 'gap-search:selectedFilterOptions';

const storage = optionalStorage('preferences');

export function readSelectedFilters(): SelectedFilters {
  return parseFilters(storage.read(SELECTED_FILTERS_KEY)) ?? {};
}

export function storeSelectedFilters(filters: SelectedFilters): void {
  const kept = Object.entries(filters).filter(([, values]) => values.length > 0);
  storage.write(SELECTED_FILTERS_KEY, JSON.stringify(Object.fromEntries(kept)));
}
