// Follows a GraphQL subscription over server-sent events in process, through graphql-sse's client
// (distinct connections mode, the protocol Yoga speaks), one result at a time:
//   const events = await subscribeSse(app, { query: 'subscription { … }' }, session.bearerHeaders);
//   expect(await events.next()).toEqual({ data: … });
import { createClient } from 'graphql-sse';
import { apiPaths } from '#shared/api-paths';
import type { RequestTarget } from './auth';

export interface SseSubscription {
  /** The next result, `{ complete: true }` once the server has ended the stream. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read results of any shape
  next(timeoutMs?: number): Promise<any>;
  close(): void;
}

/** Resolves once the server has answered with its event stream, so no later event is missed. */
export function subscribeSse(
  app: RequestTarget,
  payload: { query: string; variables?: Record<string, unknown> },
  headers: Record<string, string> = {},
): Promise<SseSubscription> {
  const received: unknown[] = [];
  let failure: unknown;
  let wake: (() => void) | undefined;
  const push = (item: unknown) => {
    received.push(item);
    wake?.();
  };
  const client = createClient({
    url: apiPaths.graphql,
    fetchFn: (url: string, init: RequestInit) => app.request(url, init),
    headers,
    retryAttempts: 0,
  });
  let stop = () => {};
  const subscription: SseSubscription = {
    async next(timeoutMs = 10_000) {
      if (received.length === 0 && !failure) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((woken, late) => {
          wake = woken;
          timer = setTimeout(() => late(new Error('no event in time')), timeoutMs);
        }).finally(() => clearTimeout(timer));
      }
      if (received.length > 0) return received.shift();
      throw failure;
    },
    close: () => stop(),
  };
  return new Promise((resolve, reject) => {
    stop = client.subscribe(
      payload,
      {
        next: push,
        complete: () => push({ complete: true }),
        error: (error) => {
          failure = error;
          wake?.();
          reject(error);
        },
      },
      { connected: () => resolve(subscription) },
    );
  });
}
