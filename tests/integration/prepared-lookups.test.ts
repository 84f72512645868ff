// The browser's GraphQL client asking for lookups on a listening server: its request is one the
// server answers from a prepared copy (the server keeps its own copy of the document), and signed
// out it gets the lookups of public sources, from a copy of their own.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LookupsDocument } from '#client/graphql/generated/operations';
import { createGraphqlClient } from '#client/graphql/graphql-client';
import type { Database } from '#server/db/client';
import { lookups } from '#server/db/schema/documents';
import { LOOKUPS_BODY, LOOKUPS_DOCUMENT } from '#server/graphql/prepared-lookups';
import { createAuthTestApp, createTestUser, type SignedIn, signInTestUser } from '#tests/support/auth';
import { databaseTargets } from '#tests/support/databases';

describe.each(databaseTargets())("the client's lookups request on $name", (target) => {
  let database: Database;
  let server: Server;
  let endpoint: string;
  let user: SignedIn;

  /** The client's lookups answer with the token given, and the body and ETag that went by. */
  async function clientLookups(token: string | undefined) {
    const seen: { body?: unknown; etag?: string | null } = {};
    const client = createGraphqlClient({
      endpoint,
      token: () => token,
      fetch: async (url, init) => {
        seen.body = init?.body;
        const response = await fetch(url, init);
        seen.etag = response.headers.get('ETag');
        return response;
      },
    });
    return { result: await client.execute(LookupsDocument), ...seen };
  }

  beforeAll(async () => {
    database = await target.open();
    await database.db.insert(lookups).values([
      { id: 'country.FR', values: ['France', '', '', ''] },
      { id: 'featureCode.PPLC', values: ['Capital', '', '', ''] },
    ]);
    const app = createAuthTestApp(database);
    const { email, password } = await createTestUser(database);
    user = await signInTestUser(app, email, password);
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  }, 60_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('is the request the server prepares an answer for', async () => {
    expect(LookupsDocument.toString().trim()).toBe(LOOKUPS_DOCUMENT);
    await clientLookups(user.bearerToken);
    const signedIn = await clientLookups(user.bearerToken);
    expect(signedIn.body).toBe(LOOKUPS_BODY);
    expect(signedIn.etag).toBeTruthy();
    expect(signedIn.result.data).toEqual({
      lookups: [
        { id: 'country.FR', values: ['France', '', '', ''] },
        { id: 'featureCode.PPLC', values: ['Capital', '', '', ''] },
      ],
    });
  });

  it('answers a signed-out client the public lookups, prepared apart from the signed-in copy', async () => {
    const signedIn = await clientLookups(user.bearerToken);
    const { result, etag } = await clientLookups(undefined);
    expect(etag).toBeTruthy();
    expect(etag).not.toBe(signedIn.etag);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ lookups: [{ id: 'country.FR', values: ['France', '', '', ''] }] });
  });
});
