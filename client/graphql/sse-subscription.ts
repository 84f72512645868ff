// Subscriptions over server-sent events (Yoga's distinct-connections mode: a POST answered with
// text/event-stream), used when no WebSocket endpoint is configured. A dropped or failed
// connection is retried with the policy of retry-policy.ts; a successful one resets the count.
import type { GraphqlResult, SubscriptionSink } from './graphql-types';
import { GraphqlRequestError } from './graphql-types';
import { retryDelayMs, SUBSCRIPTION_RETRIES, waitMs } from './retry-policy';
import { createSseParser } from './sse-parser';

export interface SseTransport {
  endpoint: string;
  fetch: typeof fetch;
  headers: () => Record<string, string>;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Reads one connection; resolves true when the server completed the stream. */
async function readStream<T>(response: Response, sink: SubscriptionSink<T>): Promise<boolean> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let completed = false;
  const push = createSseParser(({ event, data }) => {
    if (event === 'complete') completed = true;
    else if (event === 'next' || event === 'message') sink.next(JSON.parse(data) as GraphqlResult<T>);
  });
  while (!completed) {
    const { done, value } = await reader.read();
    if (done) break;
    push(value);
  }
  if (completed) await reader.cancel().catch(() => {});
  return completed;
}

export function subscribeOverSse<T>(
  transport: SseTransport,
  payload: { query: string; variables?: Record<string, unknown> },
  sink: SubscriptionSink<T>,
): () => void {
  const controller = new AbortController();
  const wait = transport.wait ?? waitMs;
  const body = JSON.stringify(payload);

  void (async () => {
    let retry = 0;
    sink.state?.({ state: 'connecting' });
    for (;;) {
      try {
        const response = await transport.fetch(transport.endpoint, {
          method: 'POST',
          headers: {
            ...transport.headers(),
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
          },
          body,
          signal: controller.signal,
        });
        const type = response.headers.get('Content-Type') ?? '';
        if (response.ok && response.body && type.startsWith('text/event-stream')) {
          sink.state?.({ state: 'open' });
          retry = 0;
          if (await readStream(response, sink)) break;
          throw new Error('The event stream ended before the subscription completed');
        }
        if (type.includes('json')) {
          // The operation was refused (invalid, over a limit): an answer, not a connection failure.
          sink.next((await response.json()) as GraphqlResult<T>);
          break;
        }
        throw new GraphqlRequestError(
          `The subscription failed with HTTP ${response.status}`,
          [],
          response.status,
        );
      } catch (error) {
        if (controller.signal.aborted) return;
        if (retry >= SUBSCRIPTION_RETRIES) {
          sink.state?.({ state: 'closed' });
          sink.error(error);
          return;
        }
        const delayMs = retryDelayMs(retry);
        sink.state?.({ state: 'retrying', retry: retry + 1, delayMs });
        retry += 1;
        await wait(delayMs, controller.signal);
        if (controller.signal.aborted) return;
      }
    }
    sink.state?.({ state: 'closed' });
    sink.complete();
  })();

  return () => {
    if (controller.signal.aborted) return;
    controller.abort();
    sink.state?.({ state: 'closed' });
  };
}
