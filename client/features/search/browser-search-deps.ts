// The search feature's collaborators in the browser: the page's worker, called through Comlink, a
// new load store, the index checksum call and the client logger. The app layer creates them once;
// tests pass their own.
import { type Remote, wrap } from 'comlink';
import { appLogger } from '#client/logging/app-logger';
import { serializeError } from '#client/logging/serialize-error';
import type { SearchWorkerApi } from '#client/workers/search-worker-api';
import { fetchIndexChecksums } from './index-checksums-api';
import type { SearchIndexDeps } from './load-search-indexes';
import { createSearchLoadStore } from './search-load-store';

/** `startWorker` starts the page's search worker, or answers the one started. */
export function createBrowserSearchDeps(startWorker: () => Worker): SearchIndexDeps {
  let worker: Remote<SearchWorkerApi> | undefined;
  return {
    store: createSearchLoadStore(),
    // Started on first use: a server render draws the screen with no worker to start.
    get worker() {
      worker ??= wrap<SearchWorkerApi>(startWorker());
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
