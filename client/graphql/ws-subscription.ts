// Subscriptions over WebSocket (graphql-ws), when an endpoint is configured: one connection per
// bearer token, opened on the first subscription, retried with the policy of retry-policy.ts.
import { type Client, createClient } from 'graphql-ws';
import type { Subscribe } from './graphql-types';
import { retryDelayMs, SUBSCRIPTION_RETRIES, waitMs } from './retry-policy';

export interface WsTransport {
  url: string;
  token: () => string | undefined;
  webSocketImpl?: unknown;
  wait?: (ms: number) => Promise<void>;
}

export function createWsSubscriber(transport: WsTransport): Subscribe {
  let current: { token: string | undefined; client: Client } | undefined;
  const wait = transport.wait ?? ((ms: number) => waitMs(ms));

  /** The connection carries the token it was opened with, so a new token means a new connection. */
  function client(): Client {
    const token = transport.token();
    if (current && current.token === token) return current.client;
    void current?.client.dispose();
    const created = createClient({
      url: transport.url,
      lazy: true,
      connectionParams: () => (token ? { Authorization: `Bearer ${token}` } : {}),
      retryAttempts: SUBSCRIPTION_RETRIES,
      retryWait: (retry) => wait(retryDelayMs(retry)),
      // Also retry when the socket cannot open at all (an error event, not a close event); protocol
      // refusals (bad request, unauthorized…) are never retried by graphql-ws whatever this says.
      shouldRetry: () => true,
      ...(transport.webSocketImpl ? { webSocketImpl: transport.webSocketImpl } : {}),
    });
    current = { token, client: created };
    return created;
  }

  return function subscribe(payload, sink) {
    const ws = client();
    let retry = 0;
    const offs = [
      ws.on('connecting', (isRetry) => {
        if (!isRetry) return sink.state?.({ state: 'connecting' });
        retry += 1;
        sink.state?.({ state: 'retrying', retry, delayMs: retryDelayMs(retry - 1) });
      }),
      ws.on('connected', () => {
        retry = 0;
        sink.state?.({ state: 'open' });
      }),
    ];
    const stop = ws.subscribe(payload, {
      next: (result) => sink.next(result as never),
      error: (error) => {
        sink.state?.({ state: 'closed' });
        sink.error(error);
      },
      complete: () => {
        sink.state?.({ state: 'closed' });
        sink.complete();
      },
    });
    return () => {
      for (const off of offs) off();
      stop();
    };
  };
}
