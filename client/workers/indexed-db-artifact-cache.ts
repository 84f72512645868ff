// The worker's artifact cache in IndexedDB: one entry per segment (artifact-cache-keys.ts), holding
// the artifact as the engine opens it (search-worker-api.ts, CachedArtifact), so a reload restores
// indexes without downloading or decompressing them again.
import { openDB } from 'idb';
import type { ArtifactCache, CachedArtifact } from './search-worker-api';

export const ARTIFACT_DATABASE = 'sift-search';
export const ARTIFACT_STORE = 'index-artifacts';

export function indexedDbArtifactCache(): ArtifactCache {
  const database = openDB(ARTIFACT_DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore(ARTIFACT_STORE);
    },
  });
  return {
    get: async (name) => (await (await database).get(ARTIFACT_STORE, name)) as CachedArtifact | undefined,
    put: async (name, artifact) => void (await (await database).put(ARTIFACT_STORE, artifact, name)),
    delete: async (name) => (await database).delete(ARTIFACT_STORE, name),
  };
}
