// The page's search collaborators (client/features/search/browser-search-deps.ts): the page's search
// worker (page-search-worker.ts) and one load store, created on first use, so a page that never
// searches starts no worker.
import { createBrowserSearchDeps } from '#client/features/search/browser-search-deps';
import type { SearchIndexDeps } from '#client/features/search/load-search-indexes';
import { pageSearchWorker } from './page-search-worker';

let deps: SearchIndexDeps | undefined;

export function appSearchDeps(): SearchIndexDeps {
  deps ??= createBrowserSearchDeps(pageSearchWorker);
  return deps;
}

/** The page's search deps if they were created, without creating them (e.g. to drop what the worker holds). */
export function startedAppSearchDeps(): SearchIndexDeps | undefined {
  return deps;
}
