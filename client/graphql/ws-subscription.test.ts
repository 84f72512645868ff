// graphql-ws subscriptions when the endpoint cannot be reached: 5 retries, 500 ms doubling
// (spec §9), then the error reaches the subscriber.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SubscriptionState } from './graphql-types';
import { createWsSubscriber } from './ws-subscription';

/** A port nobody listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('subscriptions over graphql-ws', () => {
  it('retries an unreachable endpoint 5 times with exponential backoff from 500 ms', async () => {
    const waits: number[] = [];
    const states: SubscriptionState[] = [];
    const subscribe = createWsSubscriber({
      url: `ws://127.0.0.1:${await closedPort()}/graphql`,
      token: () => 'tok',
      webSocketImpl: WebSocket,
      wait: async (ms) => void waits.push(ms),
    });
    const error = await new Promise((resolve) => {
      subscribe(
        { query: 'subscription { indexUpdated { dataSource } }' },
        { next: () => {}, error: resolve, complete: () => resolve('complete'), state: (s) => states.push(s) },
      );
    });
    expect(error).not.toBe('complete');
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(states.filter((s) => s.state === 'retrying')).toHaveLength(5);
    expect(states.at(-1)).toEqual({ state: 'closed' });
  });
});
