// The worker's artifact cache in IndexedDB: one entry per segment (artifact-cache-keys.ts), holding
// the artifact as the engine opens it (search-worker-api.ts, CachedArtifact), and one beside it with
// what the engine derived from it (CachedDerived), so a reload restores indexes without downloading,
// decompressing or deriving them again.
import { openDB } from 'idb';
import type { ArtifactCache, CacheEntry } from './search-worker-api';

export const ARTIFACT_DATABASE = 'sift-search';
export const ARTIFACT_STORE = 'index-artifacts';

export function indexedDbArtifactCache(): Required<ArtifactCache> {
  const database = openDB(ARTIFACT_DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(ARTIFACT_STORE);
    },
  });
  return {
    get: async (key) => (await (await database).get(ARTIFACT_STORE, key)) as CacheEntry | undefined,
    put: async (key, entry) => void (await (await database).put(ARTIFACT_STORE, entry, key)),
    delete: async (key) => (await database).delete(ARTIFACT_STORE, key),
    keys: async () => (await (await database).getAllKeys(ARTIFACT_STORE)).map(String),
  };
}
