// The search feature's collaborators in the browser: the page's worker, the load store, the
// index checksum call and the client logger. Tests pass their own.

import { appLogger } from '#client/logging/app-logger';
import { serializeError } from '#client/logging/serialize-error';
import { fetchIndexChecksums } from './index-checksums-api';
import type { SearchIndexDeps } from './load-search-indexes';
import { searchLoadStore } from './search-load-store';
import { searchWorker } from './search-worker-client';

let deps: SearchIndexDeps | undefined;

export function browserSearchDeps(): SearchIndexDeps {
  deps ??= {
    store: searchLoadStore,
    worker: searchWorker(),
    fetchChecksums: fetchIndexChecksums,
    logError: (message, error, source) =>
      appLogger.error(
        { message, error: serializeError(error), context: { source: source ?? null } },
        { group: 'search' },
      ),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  return deps;
}
