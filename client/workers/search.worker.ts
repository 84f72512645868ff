// The search worker (spec §1, §7): indexes and searches off the main thread, called through Comlink.
import { expose } from 'comlink';
import { indexedDbArtifactCache } from './indexed-db-artifact-cache';
import { createSearchWorkerApi } from './search-worker-api';

expose(
  createSearchWorkerApi({ cache: indexedDbArtifactCache(), fetch: (input, init) => fetch(input, init) }),
);
