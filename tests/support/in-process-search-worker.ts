// The search worker's operations on the main thread, for component tests: happy-dom runs no Web
// Workers, so tests replace search-worker-client.ts with this module (vi.mock). The operations are
// the real ones the worker exposes, downloading through the page's fetch (a test's fake server)
// and caching artifacts in memory instead of IndexedDB.
import {
  type CachedArtifact,
  createSearchWorkerApi,
  type SearchWorkerApi,
} from '#client/workers/search-worker-api';

const cached = new Map<string, CachedArtifact>();
const worker = createSearchWorkerApi({
  cache: {
    get: async (name) => cached.get(name),
    put: async (name, artifact) => void cached.set(name, artifact),
    delete: async (name) => void cached.delete(name),
  },
  fetch: (input, init) => fetch(input, init),
});

export const searchWorker = (): SearchWorkerApi => worker;
export const startedSearchWorker = (): SearchWorkerApi => worker;
