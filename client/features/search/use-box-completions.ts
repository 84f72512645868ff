// The search screen lends the box its loaded indexes: titles completing the typed text come from
// the worker (no server round trip), from the sources this user may search.
import { useEffect } from 'react';
import type { DataSourceConfig } from '#shared/app-config';
import { suggestCompletions } from './query-suggestions';
import { useSearchBoxStore } from './search-box-store';
import { useSearchDeps } from './search-deps-context';

export function useBoxCompletions(visible: Record<string, DataSourceConfig>): void {
  const searchBoxStore = useSearchBoxStore();
  const deps = useSearchDeps();
  useEffect(() => {
    searchBoxStore.bindSuggester((text) => suggestCompletions(visible, text, deps));
    return () => searchBoxStore.bindSuggester(null);
  }, [visible, deps, searchBoxStore]);
}
