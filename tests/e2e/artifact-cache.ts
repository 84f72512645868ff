// The search worker's copies in IndexedDB, read from a page. The worker keeps a download once its
// index has answered its first search, or a second after the load: a test that relies on the copy
// (an offline reload, a damaged copy) waits for it first.
import type { Page } from '@playwright/test';
import { ARTIFACT_DATABASE, ARTIFACT_STORE } from '#client/workers/indexed-db-artifact-cache';

/** Whether the worker keeps an entry under `key` (a source's name for its artifact). */
export const artifactKept = (page: Page, key: string) =>
  page.evaluate(
    ([database, store, entry]) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open(database!);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction(store!).objectStore(store!).get(entry!);
          get.onsuccess = () => resolve(get.result !== undefined);
          get.onerror = () => reject(get.error);
        };
      }),
    [ARTIFACT_DATABASE, ARTIFACT_STORE, key],
  );
