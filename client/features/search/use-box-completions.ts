// The search screen lends the box its loaded indexes: titles completing the typed text come from
// the worker (no server round trip), from the sources this user may search.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceConfig } from '#shared/app-config';
import { suggestCompletions } from './query-suggestions';
import { useSearchBoxStore } from './search-box-store';
import { useSearchDeps } from './search-deps-context';

export function useBoxCompletions(visible: Record<string, DataSourceConfig>): void {
  const searchBoxStore = useSearchBoxStore();
  const deps = useSearchDeps();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    searchBoxStore.bindSuggester((text) => suggestCompletions(visible, text, language, deps));
    return () => searchBoxStore.bindSuggester(null);
  }, [visible, language, deps, searchBoxStore]);
}
