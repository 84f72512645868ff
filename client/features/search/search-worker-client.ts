// The one search worker of the page, created on first use and called through Comlink.
import { type Remote, wrap } from 'comlink';
import type { SearchWorkerApi } from '#client/workers/search-worker-api';

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

/** The page's worker if one was started, without starting one (e.g. to drop what it holds). */
export function startedSearchWorker(): Remote<SearchWorkerApi> | undefined {
  return worker;
}
