// Signed out means gone: whenever nobody is signed in (a sign-out on any page, another tab's, a
// session the server ended, or a start with an expired one), the protected data this device kept
// is removed — the indexes of the protected sources, and of any source the configuration no longer
// has, from the search worker's memory and its IndexedDB copy (segments and the arrays derived from
// them), the cached search results, the lookups in localStorage, a start snapshot drawn for a
// signed-in user (one drawn for nobody stays) and a signed-in user's recent searches. Public indexes
// stay. The user's key-value items are handled on the same change by backup-sync.tsx.
import { useEffect } from 'react';
import type { PublicConfig } from '#shared/app-config';
import { useAppConfig } from '../config/app-config';
import { useAuth } from '../features/auth/use-auth';
import { browserLookupsStorage } from '../features/lookups/lookups-storage';
import { lookupsQueryKey } from '../features/lookups/use-lookups';
import { searchQueryKeys } from '../features/search/load-search-indexes';
import { forgetSignedInRecentSearches } from '../features/search/recent-searches';
import { sourceCacheKeys, sourceOfCacheKey } from '../workers/artifact-cache-keys';
import { indexedDbArtifactCache } from '../workers/indexed-db-artifact-cache';
import { appSearchDeps } from './app-search';
import { searchWorkerStarted } from './page-search-worker';
import { appQueryClient } from './query-client';
import { START_SNAPSHOT_KEY, type StartSnapshot } from './start-snapshot-format';

/**
 * start-snapshot.ts forgets its snapshot when someone signs in or out while the app runs; a start
 * that finds the session already over (expired while the app was closed) is caught here.
 */
function forgetSignedInStartSnapshot(): void {
  const raw = localStorage.getItem(START_SNAPSHOT_KEY);
  if (raw !== null && snapshotOwner(raw) !== null) localStorage.removeItem(START_SNAPSHOT_KEY);
}

/** The user a kept snapshot was drawn for; one that cannot be read counts as someone's. */
function snapshotOwner(raw: string): string | null | undefined {
  try {
    return (JSON.parse(raw) as StartSnapshot).owner;
  } catch {
    return undefined;
  }
}

export async function wipeProtectedData(config: PublicConfig): Promise<void> {
  browserLookupsStorage().clear();
  appQueryClient.removeQueries({ queryKey: lookupsQueryKey(true) });
  forgetSignedInStartSnapshot();
  forgetSignedInRecentSearches();
  // The cached search results may hold protected items (the one a screen shows goes with its
  // next search: removing a running query would cancel it).
  appQueryClient.removeQueries({ queryKey: searchQueryKeys.results, type: 'inactive' });
  const worker = searchWorkerStarted() ? appSearchDeps().worker : undefined;
  const cache = indexedDbArtifactCache();
  // Every source but the public ones: the protected ones, and any the configuration no longer has
  // (it may have been protected). The worker may never have started on this page: the cache
  // entries go here.
  const sources = config.gapSearch.dataSources;
  const cached = (await cache.keys()).map(sourceOfCacheKey);
  const names = new Set(
    [...Object.keys(sources), ...cached].filter((name) => !sources[name] || sources[name].protected),
  );
  await Promise.all(
    [...names].map(async (name) => {
      await worker?.dropIndex(name);
      await Promise.all(sourceCacheKeys(name).map((key) => cache.delete(key)));
    }),
  );
}

export function SignedOutWipe() {
  const config = useAppConfig();
  const signedOut = useAuth((s) => s.status === 'unauthenticated');
  useEffect(() => {
    if (!signedOut) return;
    wipeProtectedData(config).catch((error) =>
      console.error('[auth] could not remove protected data from this device', error),
    );
  }, [signedOut, config]);
  return null;
}
