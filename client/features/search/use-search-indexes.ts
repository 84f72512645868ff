// The indexes a screen needs, as a query: joins the load a route prepared or takes the last one,
// loads for the current signed-in state (and drops what a signed-out caller may not see), and
// reads the load state.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shallow } from 'zustand/shallow';
import { useQueryInTransition } from '#client/lib/use-query-in-transition';
import { useStoreInTransition } from '#client/lib/use-store-in-transition';
import type { DataSourceConfig } from '#shared/app-config';
import { askChecksumsAgain, searchIndexesQuery } from './load-search-indexes';
import { useSearchDeps } from './search-deps-context';
import type { SearchLoadSnapshot } from './search-load-store';

/**
 * Loads (and after sign-out, drops) indexes whenever the sources or the signed-in state change.
 * Pass `undefined` while sign-in is still unknown: guessing "signed out" would drop protected indexes.
 * Reads what `select` picks of the load state, so the caller is drawn again only when that changes
 * (each step of a download changes the whole), compared shallowly, and in a transition: a screen
 * drawn again as its indexes load yields to the browser meanwhile.
 */
export function useSearchIndexes<T>(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean | undefined,
  select: (snapshot: SearchLoadSnapshot) => T,
): T {
  const deps = useSearchDeps();
  const client = useQueryClient();
  // Fetched while the screen is mounted; what it loads is read from the load store below.
  useQueryInTransition({
    ...searchIndexesQuery(dataSources, signedIn ?? false, deps),
    enabled: signedIn !== undefined,
    notifyOnChangeProps: [],
  });
  useEffect(() => {
    if (signedIn === undefined) return;
    // On a first visit the service worker takes control after the page asked (docs/pwa.md).
    const askAgain = () => void askChecksumsAgain(client, dataSources, signedIn, deps);
    navigator.serviceWorker?.addEventListener('controllerchange', askAgain);
    return () => navigator.serviceWorker?.removeEventListener('controllerchange', askAgain);
  }, [client, dataSources, signedIn, deps]);
  return useStoreInTransition(deps.store.state, select, shallow);
}
