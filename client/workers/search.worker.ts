// The search worker (spec §1, §7): indexes and searches off the main thread, called through Comlink.
// It restores the indexes the device holds as it starts.
import { expose } from 'comlink';
import { indexedDbArtifactCache } from './indexed-db-artifact-cache';
import { createSearchWorkerApi } from './search-worker-api';

const api = createSearchWorkerApi({
  cache: indexedDbArtifactCache(),
  fetch: (input, init) => fetch(input, init),
});
// At once, before the page knows its sources (client/app/page-search-worker.ts): nothing restored is
// searchable until the page confirms its checksum.
api.restoreCached();
expose(api);
