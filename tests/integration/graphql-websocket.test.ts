// GraphQL over WebSocket (graphql-ws) on a real listening server: the bearer token travels in
// connectionParams, and the pipeline is HTTP's (same auth rules, limits and event filtering).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { IndexUpdatedDocument } from '#client/graphql/generated/operations';
import { createGraphqlClient } from '#client/graphql/graphql-client';
import { loadAppConfig } from '#server/app-config';
import { createSessionReader } from '#server/auth/session-reader';
import { createSessionStore } from '#server/auth/session-store';
import type { Database } from '#server/db/client';
import { attachGraphqlWebSocket } from '#server/graphql/websocket';
import { createLogger } from '#server/logger';
import { INDEX_BUILT_CHANNEL } from '#server/search/index-service';
import {
  createAuthTestApp,
  createTestUser,
  type SignedIn,
  signInTestUser,
  TEST_AUTH_SECRET,
} from '../support/auth';
import { databaseTargets } from '../support/databases';
import { testEnv } from '../support/test-app';

describe.each(databaseTargets())('graphql-ws on $name', (target) => {
  let database: Database;
  let server: Server;
  let webSocket: ReturnType<typeof attachGraphqlWebSocket>;
  let url: string;
  let user: SignedIn;
  const clients: Client[] = [];

  function client(token?: string) {
    const created = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: token ? { Authorization: `Bearer ${token}` } : {},
      retryAttempts: 0,
    });
    clients.push(created);
    return created;
  }

  /** The first `count` results of an operation. */
  function results(c: Client, query: string, count = 1, variables: Record<string, unknown> = {}) {
    const seen: unknown[] = [];
    return new Promise<unknown[]>((resolve, reject) => {
      const stop = c.subscribe(
        { query, variables },
        {
          // Values already on their way when it stops are not counted.
          next: (value) => {
            if (seen.length === count) return;
            seen.push(value);
            if (seen.length === count) {
              stop();
              resolve(seen);
            }
          },
          error: reject,
          complete: () => resolve(seen),
        },
      );
    });
  }

  /** Subscriptions start asynchronously: announce the rebuilds until `received` settles. */
  async function notifyUntil(received: Promise<unknown>, events: { source: string; crc32c: number }[]) {
    let done = false;
    void received.then(() => (done = true));
    for (let i = 0; i < 50 && !done; i++) {
      for (const event of events) await database.notify(INDEX_BUILT_CHANNEL, JSON.stringify(event));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    database = await target.open();
    const env = testEnv({ AUTH_SECRET: TEST_AUTH_SECRET });
    const app = createAuthTestApp(database);
    const plain = await createTestUser(database, { name: 'Wes Socket' });
    user = await signInTestUser(app, plain.email, plain.password);
    const sessions = createSessionReader(
      createSessionStore(database, env.AUTH_SESSION_MAX_AGE),
      env,
      TEST_AUTH_SECRET,
    );
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    webSocket = attachGraphqlWebSocket(server, {
      env,
      config: loadAppConfig(),
      database,
      logger: createLogger('silent'),
      sessions,
    });
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  }, 60_000);
  afterAll(async () => {
    for (const c of clients) await c.dispose();
    await webSocket.close();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('knows the caller from the connection’s bearer token', async () => {
    expect(await results(client(user.bearerToken), '{ me { name } }')).toEqual([
      { data: { me: { name: 'Wes Socket' } } },
    ]);
    expect(await results(client(), '{ me { name } }')).toEqual([{ data: { me: null } }]);
    const [refused] = (await results(client(), '{ items(dataSource: "cities") { totalCount } }')) as {
      errors: { extensions: unknown }[];
    }[];
    expect(refused!.errors[0]!.extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('delivers index updates, protected sources only to signed-in subscribers', async () => {
    const query = 'subscription { indexUpdated { dataSource crc32c } }';
    const signedIn = results(client(user.bearerToken), query, 2);
    const anonymous = results(client(), query, 1);
    // Subscriptions start asynchronously; notify until both streams have what they wait for.
    let done = false;
    void Promise.all([signedIn, anonymous]).then(() => (done = true));
    for (let i = 0; i < 50 && !done; i++) {
      await database.notify(INDEX_BUILT_CHANNEL, JSON.stringify({ source: 'cities', crc32c: 7 }));
      await database.notify(
        INDEX_BUILT_CHANNEL,
        JSON.stringify({ source: 'countries', crc32c: 4_000_000_000 }),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A subscription that starts between the two notifications hears the countries one first.
    const bySource = (result: unknown) =>
      (result as { data: { indexUpdated: { dataSource: string } } }).data.indexUpdated.dataSource;
    expect((await signedIn).sort((a, b) => bySource(a).localeCompare(bySource(b)))).toEqual([
      { data: { indexUpdated: { dataSource: 'cities', crc32c: 7 } } },
      { data: { indexUpdated: { dataSource: 'countries', crc32c: 4_000_000_000 } } },
    ]);
    expect(await anonymous).toEqual([
      { data: { indexUpdated: { dataSource: 'countries', crc32c: 4_000_000_000 } } },
    ]);
  });

  it('carries the browser client’s subscriptions when it is given the endpoint', async () => {
    const browser = createGraphqlClient({
      endpoint: 'http://unused.invalid/graphql',
      token: () => user.bearerToken,
      webSocketUrl: url,
      webSocketImpl: WebSocket,
    });
    expect(browser.subscriptionTransport).toBe('websocket');
    const received = new Promise((resolve, reject) => {
      const stop = browser.subscribe(
        IndexUpdatedDocument,
        {},
        {
          next: (result) => {
            stop();
            resolve(result);
          },
          error: reject,
          complete: () => reject(new Error('completed early')),
        },
      );
    });
    await notifyUntil(received, [{ source: 'cities', crc32c: 11 }]);
    expect(await received).toEqual({ data: { indexUpdated: { dataSource: 'cities', crc32c: 11 } } });
  });

  it('applies the same limits as HTTP', async () => {
    const page = (n: number) =>
      `p${n}: items(dataSource: "countries", first: 100) { nodes { key title rank document } }`;
    const query = `{ ${Array.from({ length: 12 }, (_, n) => page(n)).join(' ')} }`;
    await expect(results(client(), query)).rejects.toEqual([
      expect.objectContaining({
        message: 'The operation costs 6012; the limit is 5000.',
        extensions: expect.objectContaining({ code: 'QUERY_TOO_COSTLY' }),
      }),
    ]);
  });
});
