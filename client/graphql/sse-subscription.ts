// Subscriptions over server-sent events with graphql-sse in its distinct connections mode (a POST
// answered with text/event-stream per subscription, which Yoga serves without a plugin), used when
// no WebSocket endpoint is configured. Retries follow retry-policy.ts and count from the last
// connection that opened: graphql-sse would count from the last result, so a quiet subscription
// would give up after five drops however far apart.
import { createClient } from 'graphql-sse';
import {
  GraphqlRequestError,
  type GraphqlResult,
  type SubscriptionPayload,
  type SubscriptionSink,
} from './graphql-types';
import { retryDelayMs, SUBSCRIPTION_RETRIES, waitMs } from './retry-policy';

export interface SseTransport {
  endpoint: string;
  fetch: typeof fetch;
  headers: () => Record<string, string>;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export function subscribeOverSse<T>(
  transport: SseTransport,
  payload: SubscriptionPayload,
  sink: SubscriptionSink<T>,
): () => void {
  const stopped = new AbortController();
  const wait = transport.wait ?? waitMs;
  let retries = 0;
  let lastFailure: unknown;
  /** Once closed (by the server, a failure or the subscriber) the sink hears nothing more. */
  const close = (then?: () => void) => {
    if (stopped.signal.aborted) return;
    stopped.abort();
    sink.state?.({ state: 'closed' });
    then?.();
  };

  const client = createClient({
    url: transport.endpoint,
    headers: transport.headers,
    // The policy is applied in `retry`, which throws the last failure once it is spent.
    retryAttempts: Number.POSITIVE_INFINITY,
    retry: async () => {
      if (retries >= SUBSCRIPTION_RETRIES) throw lastFailure;
      const delayMs = retryDelayMs(retries);
      retries += 1;
      sink.state?.({ state: 'retrying', retry: retries, delayMs });
      await wait(delayMs, stopped.signal);
    },
    // A failure is kept for the subscriber (graphql-sse passes on a NetworkError with its message
    // only), and an answer that is not an event stream is one.
    fetchFn: async (url: string, init: RequestInit) => {
      try {
        const response = await transport.fetch(url, init);
        const type = response.headers.get('Content-Type') ?? '';
        if (!response.ok || !type.startsWith('text/event-stream')) {
          await response.body?.cancel();
          throw new GraphqlRequestError(
            `The subscription failed with HTTP ${response.status}`,
            [],
            response.status,
          );
        }
        return response;
      } catch (error) {
        lastFailure = error;
        throw error;
      }
    },
  });

  const stop = client.subscribe(
    payload,
    {
      next: (result) => {
        if (!stopped.signal.aborted) sink.next(result as GraphqlResult<T>);
      },
      error: (error) => close(() => sink.error(error)),
      complete: () => close(() => sink.complete()),
    },
    {
      connecting: (reconnecting) => {
        if (!reconnecting) sink.state?.({ state: 'connecting' });
      },
      connected: () => {
        retries = 0;
        sink.state?.({ state: 'open' });
      },
    },
  );

  return () => {
    close();
    stop();
  };
}
