// The search feature's collaborators on the main thread, for component tests: happy-dom runs no
// Web Workers, so the worker's operations are the real ones run in process, downloading through
// the page's fetch (a test's fake server) and caching artifacts in memory instead of IndexedDB.
// Each call makes fresh deps: a new load store, an empty worker and cache.
import { fetchIndexChecksums } from '#client/features/search/index-checksums-api';
import type { SearchIndexDeps } from '#client/features/search/load-search-indexes';
import { createSearchLoadStore } from '#client/features/search/search-load-store';
import { type CacheEntry, createSearchWorkerApi } from '#client/workers/search-worker-api';

export function inProcessSearchDeps(): SearchIndexDeps {
  const cached = new Map<string, CacheEntry>();
  return {
    store: createSearchLoadStore(),
    worker: createSearchWorkerApi({
      cache: {
        get: async (name) => cached.get(name),
        put: async (name, artifact) => void cached.set(name, artifact),
        delete: async (name) => void cached.delete(name),
      },
      fetch: (input, init) => fetch(input, init),
    }),
    fetchChecksums: fetchIndexChecksums,
    // What failed shows on the screen, which is what component tests read.
    logError: () => {},
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
