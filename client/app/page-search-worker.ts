// The page's one search worker, started by whoever needs it first: main.tsx on a search URL of the
// shell, before the app's modules load, so that the worker restores the indexes the device holds
// (it does so as it starts, search.worker.ts) while the page starts: a warm start's first results
// wait for the later of the two. Else the search deps start it on first use. Small and free of
// imports, since the entry loads it.

let worker: Worker | undefined;

export function pageSearchWorker(): Worker {
  worker ??= new Worker(new URL('../workers/search.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sift-search',
  });
  return worker;
}

/** Whether the page's search worker was started. */
export const searchWorkerStarted = (): boolean => worker !== undefined;
