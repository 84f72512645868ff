// A developer hook on window.siftSearch: the load state and a search over the loaded indexes,
// for the browser console and for e2e tests that check the worker before the screen exists.
import type { DataSourceConfig } from '#shared/app-config';
import { browserSearchDeps } from './browser-search-deps';
import { searchLoadStore } from './search-load-store';
import { type SearchQuery, searchSources } from './search-sources';

declare global {
  interface Window {
    siftSearch?: {
      state: typeof searchLoadStore.getSnapshot;
      search: (query: SearchQuery) => ReturnType<typeof searchSources>;
    };
  }
}

export function installSearchDevHook(dataSources: Record<string, DataSourceConfig>) {
  window.siftSearch = {
    state: searchLoadStore.getSnapshot,
    search: (query) => searchSources(dataSources, query, browserSearchDeps()),
  };
}
