// The one search worker of the page, created on first use and called through Comlink.
import { type Remote, wrap } from 'comlink';
import type { SearchWorkerApi } from '../../workers/search-worker-api';

let worker: Remote<SearchWorkerApi> | undefined;

export function searchWorker(): Remote<SearchWorkerApi> {
  worker ??= wrap<SearchWorkerApi>(
    new Worker(new URL('../../workers/search.worker.ts', import.meta.url), {
      type: 'module',
      name: 'sift-search',
    }),
  );
  return worker;
}
