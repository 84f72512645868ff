// How subscriptions reconnect (spec §9): up to 5 retries, waiting 500 ms, then 1 s, 2 s, 4 s, 8 s.
export const SUBSCRIPTION_RETRIES = 5;
export const FIRST_RETRY_DELAY_MS = 500;

/** The wait before retry number `retry` (0 for the first). */
export const retryDelayMs = (retry: number) => FIRST_RETRY_DELAY_MS * 2 ** retry;

export const waitMs = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
