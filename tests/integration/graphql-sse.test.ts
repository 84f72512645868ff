// The browser's GraphQL client subscribing over server-sent events (graphql-sse against Yoga) on a
// real listening server: the bearer token decides what a subscriber hears, a refusal arrives as a
// result, a dropped connection is made again, and unsubscribing ends the server's subscription.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlaygroundIndexUpdatedDocument } from '#client/graphql/generated/operations';
import { createGraphqlClient } from '#client/graphql/graphql-client';
import type { GraphqlResult, SubscriptionState } from '#client/graphql/graphql-types';
import type { Database } from '#server/db/client';
import { INDEX_BUILT_CHANNEL } from '#server/search/index-service';
import { createAuthTestApp, createTestUser, type SignedIn, signInTestUser } from '#tests/support/auth';
import { databaseTargets } from '#tests/support/databases';

type IndexUpdate = { indexUpdated: { dataSource: string; crc32c: number } };

describe.each(databaseTargets())('GraphQL subscriptions over SSE on $name', (target) => {
  let database: Database;
  let server: Server;
  let endpoint: string;
  let user: SignedIn;
  /** How many index-change LISTENs the server holds: one while anyone subscribes, none after. */
  let listening = 0;
  const stops: (() => void)[] = [];

  /** Follows indexUpdated (one source, or all) through the browser client. */
  function follow(dataSource: string | null, token?: string) {
    const results: GraphqlResult<IndexUpdate>[] = [];
    const states: SubscriptionState[] = [];
    const sentTokens: (string | null)[] = [];
    const outcome: { error?: unknown; completed?: true } = {};
    const reported = vi.fn();
    const client = createGraphqlClient({
      endpoint,
      token: () => token,
      fetch: (url, init) => {
        sentTokens.push(new Headers(init?.headers).get('Authorization'));
        return fetch(url, init);
      },
      onError: reported,
    });
    const stop = client.subscribe(
      PlaygroundIndexUpdatedDocument,
      { dataSource },
      {
        next: (result) => results.push(result),
        error: (error) => Object.assign(outcome, { error }),
        complete: () => Object.assign(outcome, { completed: true }),
        state: (state) => states.push(state),
      },
    );
    stops.push(stop);
    const opened = (times: number) =>
      vi.waitFor(() => expect(states.filter((s) => s.state === 'open')).toHaveLength(times));
    return { results, states, sentTokens, outcome, reported, stop, opened };
  }

  const announce = (source: string, crc32c: number) =>
    database.notify(INDEX_BUILT_CHANNEL, JSON.stringify({ source, crc32c }));
  const update = (dataSource: string, crc32c: number) => ({ data: { indexUpdated: { dataSource, crc32c } } });

  beforeAll(async () => {
    database = await target.open();
    const listen = database.listen.bind(database);
    vi.spyOn(database, 'listen').mockImplementation(async (channel, onPayload) => {
      const unlisten = await listen(channel, onPayload);
      if (channel !== INDEX_BUILT_CHANNEL) return unlisten;
      listening += 1;
      return () => {
        listening -= 1;
        return unlisten();
      };
    });
    const app = createAuthTestApp(database);
    const plain = await createTestUser(database);
    user = await signInTestUser(app, plain.email, plain.password);
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  }, 60_000);
  afterAll(async () => {
    for (const stop of stops) stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('hears a protected source with the bearer token; without it, the refusal arrives as a result', async () => {
    const signedIn = follow('cities', user.bearerToken);
    const anonymous = follow('cities');
    await signedIn.opened(1);
    await announce('cities', 21);
    await vi.waitFor(() => expect(signedIn.results).toEqual([update('cities', 21)]));
    expect(signedIn.sentTokens).toEqual([`Bearer ${user.bearerToken}`]);

    await vi.waitFor(() => expect(anonymous.outcome).toEqual({ completed: true }));
    expect(anonymous.results).toEqual([
      { errors: [expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })] },
    ]);
    // Refused is an answer, not a failure: asked once, nothing reported.
    expect(anonymous.sentTokens).toEqual([null]);
    expect(anonymous.reported).not.toHaveBeenCalled();
    signedIn.stop();
  });

  it('connects again after the server drops the connection, and keeps delivering', async () => {
    const subscriber = follow(null, user.bearerToken);
    await subscriber.opened(1);
    server.closeAllConnections();
    await subscriber.opened(2);
    expect(subscriber.states.filter((s) => s.state === 'retrying')).toEqual([
      { state: 'retrying', retry: 1, delayMs: 500 },
    ]);
    await announce('countries', 22);
    await vi.waitFor(() => expect(subscriber.results).toEqual([update('countries', 22)]));
    expect(subscriber.outcome).toEqual({});
    expect(subscriber.reported).not.toHaveBeenCalled();
    subscriber.stop();
  });

  it('ends the subscription on the server when the page unsubscribes', async () => {
    await vi.waitFor(() => expect(listening).toBe(0));
    const first = follow(null);
    const second = follow('countries');
    await first.opened(1);
    await second.opened(1);
    expect(listening).toBe(1);
    first.stop();
    await announce('countries', 23);
    await vi.waitFor(() => expect(second.results).toEqual([update('countries', 23)]));
    expect(first.results).toEqual([]);
    second.stop();
    await vi.waitFor(() => expect(listening).toBe(0));
    expect([first.outcome, second.outcome]).toEqual([{}, {}]);
  });
});
