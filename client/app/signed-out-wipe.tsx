// Signed out means gone: whenever nobody is signed in (a sign-out on any page, another tab's, a
// session the server ended, or a start with an expired one), the protected data this device kept
// is removed — the protected sources' indexes from the search worker's memory and its IndexedDB
// copy, and the lookups in localStorage. Public indexes stay. The start snapshot and the user's
// key-value items are handled by their own modules on the same change (start-snapshot.ts, backup-sync.tsx).
import { useEffect } from 'react';
import type { PublicConfig } from '../../shared/app-config';
import { useAppConfig } from '../config/app-config';
import { useAuth } from '../features/auth/use-auth';
import { browserLookupsStorage } from '../features/lookups/lookups-storage';
import { startedSearchWorker } from '../features/search/search-worker-client';
import { indexedDbArtifactCache } from '../workers/indexed-db-artifact-cache';

export async function wipeProtectedData(config: PublicConfig): Promise<void> {
  browserLookupsStorage().clear();
  const sources = Object.entries(config.gapSearch.dataSources);
  const protectedNames = sources.filter(([, source]) => source.protected).map(([name]) => name);
  const worker = startedSearchWorker();
  const cache = indexedDbArtifactCache();
  await Promise.all(
    protectedNames.map(async (name) => {
      await worker?.dropIndex(name);
      await cache.delete(name);
    }),
  );
}

export function SignedOutWipe() {
  const config = useAppConfig();
  const signedOut = useAuth().status === 'unauthenticated';
  useEffect(() => {
    if (!signedOut) return;
    wipeProtectedData(config).catch((error) =>
      console.error('[auth] could not remove protected data from this device', error),
    );
  }, [signedOut, config]);
  return null;
}
