// Starts a search worker, called through Comlink. The app layer starts the page's one worker
// (client/app/app-search.ts) and hands it to the feature in its deps.
import { type Remote, wrap } from 'comlink';
import type { SearchWorkerApi } from '#client/workers/search-worker-api';

export function startSearchWorker(): Remote<SearchWorkerApi> {
  return wrap<SearchWorkerApi>(
    new Worker(new URL('../../workers/search.worker.ts', import.meta.url), {
      type: 'module',
      name: 'sift-search',
    }),
  );
}
