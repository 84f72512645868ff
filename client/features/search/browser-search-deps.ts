// The search feature's collaborators in the browser: a new worker, a new load store, the index
// checksum call and the client logger. The app layer creates them once; tests pass their own.
import { appLogger } from '#client/logging/app-logger';
import { serializeError } from '#client/logging/serialize-error';
import { fetchIndexChecksums } from './index-checksums-api';
import type { SearchIndexDeps } from './load-search-indexes';
import { createSearchLoadStore } from './search-load-store';
import { startSearchWorker } from './search-worker-client';

export function createBrowserSearchDeps(): SearchIndexDeps {
  let worker: SearchIndexDeps['worker'] | undefined;
  return {
    store: createSearchLoadStore(),
    // Started on first use: a server render draws the screen with no worker to start.
    get worker() {
      worker ??= startSearchWorker();
      return worker;
    },
    fetchChecksums: fetchIndexChecksums,
    logError: (message, error, source) =>
      appLogger.error(
        { message, error: serializeError(error), context: { source: source ?? null } },
        { group: 'search' },
      ),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
