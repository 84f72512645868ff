// Hooks for the search screen: the load state, and loading the indexes the user may search.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { DataSourceConfig } from '#shared/app-config';
import { browserSearchDeps } from './browser-search-deps';
import { askChecksumsAgain, loadSearchIndexes } from './load-search-indexes';
import { type SearchLoadSnapshot, searchLoadStore } from './search-load-store';

export function useSearchLoadState(): SearchLoadSnapshot {
  return useStore(searchLoadStore.state);
}

/**
 * Loads (and after sign-out, drops) indexes whenever the sources or the signed-in state change.
 * Pass `undefined` while sign-in is still unknown: guessing "signed out" would drop protected indexes.
 */
export function useSearchIndexes(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean | undefined,
): SearchLoadSnapshot {
  useEffect(() => {
    if (signedIn === undefined) return;
    void loadSearchIndexes(dataSources, signedIn, browserSearchDeps());
    // On a first visit the service worker takes control after the page asked (docs/pwa.md).
    const askAgain = () => void askChecksumsAgain(dataSources, signedIn, browserSearchDeps());
    navigator.serviceWorker?.addEventListener('controllerchange', askAgain);
    return () => navigator.serviceWorker?.removeEventListener('controllerchange', askAgain);
  }, [dataSources, signedIn]);
  return useSearchLoadState();
}
