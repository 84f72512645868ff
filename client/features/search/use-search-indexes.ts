// The indexes a screen needs, as a query: joins the load a route prepared or takes the last one,
// loads for the current signed-in state (and drops what a signed-out caller may not see), and
// reads the load state.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type StoreApi, useStore } from 'zustand';
import type { DataSourceConfig } from '#shared/app-config';
import { askChecksumsAgain, searchIndexesQuery } from './load-search-indexes';
import { useSearchDeps } from './search-deps-context';
import type { SearchLoadSnapshot } from './search-load-store';

/**
 * Loads (and after sign-out, drops) indexes whenever the sources or the signed-in state change.
 * Pass `undefined` while sign-in is still unknown: guessing "signed out" would drop protected indexes.
 */
export function useSearchIndexes(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean | undefined,
): SearchLoadSnapshot;
/**
 * The same loads; reads only what `select` picks, so the caller re-renders when that changes
 * rather than at every step of every source's download.
 */
export function useSearchIndexes<T>(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean | undefined,
  select: (snapshot: SearchLoadSnapshot) => T,
): T;
export function useSearchIndexes<T>(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean | undefined,
  select?: (snapshot: SearchLoadSnapshot) => T,
): T | SearchLoadSnapshot {
  const deps = useSearchDeps();
  const client = useQueryClient();
  useQuery({ ...searchIndexesQuery(dataSources, signedIn ?? false, deps), enabled: signedIn !== undefined });
  useEffect(() => {
    if (signedIn === undefined) return;
    // On a first visit the service worker takes control after the page asked (docs/pwa.md).
    const askAgain = () => void askChecksumsAgain(client, dataSources, signedIn, deps);
    navigator.serviceWorker?.addEventListener('controllerchange', askAgain);
    return () => navigator.serviceWorker?.removeEventListener('controllerchange', askAgain);
  }, [client, dataSources, signedIn, deps]);
  return useStore<StoreApi<SearchLoadSnapshot>, T | SearchLoadSnapshot>(deps.store.state, select ?? whole);
}

const whole = (snapshot: SearchLoadSnapshot) => snapshot;
