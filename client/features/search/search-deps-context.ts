// The search collaborators for components (worker, load store, checksum call, logger): the app
// provides the page's, tests provide their own.
import { createContext, useContext } from 'react';
import type { SearchIndexDeps } from './load-search-indexes';

export const SearchDepsContext = createContext<SearchIndexDeps | null>(null);

export function useSearchDeps(): SearchIndexDeps {
  const deps = useContext(SearchDepsContext);
  if (!deps) throw new Error('useSearchDeps needs a SearchDepsContext provider');
  return deps;
}
