// For the Chromium benches that time a dedicated worker: each message goes to a new worker of a
// newly loaded page, so nothing a previous run compiled or cached in memory is reused.
import type { Page } from '@playwright/test';

/** Posts a message to a new worker (`/worker.js` of `origin`) of a newly loaded page and returns its answer. */
export function freshWorker(page: Page, origin: string): (message: unknown) => Promise<unknown> {
  return async (message) => {
    await page.goto('about:blank');
    await page.goto(`${origin}/`);
    return page.evaluate(
      (message) =>
        new Promise<unknown>((resolve, reject) => {
          const worker = new Worker('/worker.js');
          worker.onmessage = ({ data }) => (data?.error ? reject(new Error(data.error)) : resolve(data));
          worker.onerror = (event) => reject(new Error(event.message));
          worker.postMessage(message);
        }),
      message,
    );
  };
}
