// The search screen lends the box its loaded indexes: titles completing the typed text come from
// the worker (no server round trip), from the sources this user may search. The box asks again
// whenever the suggester changes, so the screen binds a new one as each index finishes loading.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceConfig } from '#shared/app-config';
import { suggestCompletions } from './query-suggestions';
import { useSearchBoxStore } from './search-box-store';
import { useSearchDeps } from './search-deps-context';

export function useBoxCompletions(loaded: Record<string, DataSourceConfig>): void {
  const searchBoxStore = useSearchBoxStore();
  const deps = useSearchDeps();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    searchBoxStore.bindSuggester((text) => suggestCompletions(loaded, text, language, deps));
    return () => searchBoxStore.bindSuggester(null);
  }, [loaded, language, deps, searchBoxStore]);
}
