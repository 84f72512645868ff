// A developer hook on window.siftSearch: the load state and a search over the loaded indexes,
// for the browser console and for e2e tests that check the worker before the screen exists.
import type { DataSourceConfig } from '#shared/app-config';
import type { SearchIndexDeps } from './load-search-indexes';
import { type SearchQuery, searchSources } from './search-sources';

declare global {
  interface Window {
    siftSearch?: {
      state: SearchIndexDeps['store']['getSnapshot'];
      search: (query: SearchQuery) => ReturnType<typeof searchSources>;
    };
  }
}

export function installSearchDevHook(dataSources: Record<string, DataSourceConfig>, deps: SearchIndexDeps) {
  window.siftSearch = {
    state: deps.store.getSnapshot,
    search: (query) => searchSources(dataSources, query, deps),
  };
}
