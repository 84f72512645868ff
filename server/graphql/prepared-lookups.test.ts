// The prepared lookups answers on both databases: the same bytes as Yoga's for any query that reads
// only the lookups, a signed-in answer never given to an anonymous caller (who gets the public
// namespaces' lookups), any other request executed as usual, compressed once, and fresh after a
// mutation in the same process at once and in another process sharing PostgreSQL within the NOTIFY delay.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths';
import { createAuthTestApp, createTestUser, type SignedIn, signInTestUser } from '#tests/support/auth';
import { createFreshPostgres, databaseTargets } from '#tests/support/databases';
import { graphql } from '#tests/support/graphql';
import { type Database, openDatabase } from '../db/client';
import { lookups } from '../db/schema/documents';
import { LOOKUPS_BODY, LOOKUPS_DOCUMENT } from './prepared-lookups';

type App = ReturnType<typeof createAuthTestApp>;
const secret = 'Zürich city label';
const upsert = 'mutation ($rows: [LookupInput!]!) { upsertLookups(lookups: $rows) { upserted } }';

/** The client's own request (client/graphql/graphql-client.ts), with `body` instead when given. */
const lookupsRequest = (app: App, headers: Record<string, string>, body = LOOKUPS_BODY) =>
  app.request(apiPaths.graphql, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/graphql-response+json, application/json',
      ...headers,
    },
    body,
  });

async function signIn(app: App, database: Database, role: 'admin' | 'user' = 'user'): Promise<SignedIn> {
  const { email, password } = await createTestUser(database, { role });
  return signInTestUser(app, email, password);
}

async function lookupIds(app: App, user: SignedIn): Promise<string[]> {
  const response = await lookupsRequest(app, user.bearerHeaders);
  expect(response.headers.get('ETag')).toBeTruthy();
  return ((await response.json()) as { data: { lookups: { id: string }[] } }).data.lookups.map((l) => l.id);
}

describe.each(databaseTargets())('the prepared lookups answer on $name', (target) => {
  let database: Database;
  let app: App;
  let user: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    database = await target.open();
    app = createAuthTestApp(database);
    await database.db.insert(lookups).values([
      { id: 'country.FR', values: ['France', 'Francia', 'France', 'فرنسا'] },
      { id: 'featureCode.PPLC', values: [secret, 'Capital', 'Capitale', 'عاصمة'] },
    ]);
    user = await signIn(app, database);
    admin = await signIn(app, database, 'admin');
  }, 60_000);
  afterAll(async () => database.close());

  it("answers the client's request with what Yoga answers, from memory after the first", async () => {
    const executed = await graphql(app, LOOKUPS_DOCUMENT, {}, { ...user.bearerHeaders, 'X-Case': 'normal' });
    const first = await lookupsRequest(app, user.bearerHeaders);
    const second = await lookupsRequest(app, user.bearerHeaders);
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'));
    expect(second.headers.get('Content-Type')).toBe('application/graphql-response+json; charset=utf-8');
    const body = await second.text();
    expect(body).toBe(await first.text());
    expect(JSON.parse(body)).toEqual({ data: executed.data });
    expect(body).toContain(secret);
  });

  it('never gives it to an anonymous caller, who gets public namespaces only, before or after', async () => {
    const anonymous: Record<string, string>[] = [{}, { Authorization: 'Bearer not-a-session' }];
    for (const headers of anonymous) {
      await lookupsRequest(app, user.bearerHeaders);
      for (let i = 0; i < 2; i++) {
        const body = await (await lookupsRequest(app, headers)).text();
        expect(body).not.toContain(secret);
        expect(JSON.parse(body)).toEqual({
          data: { lookups: [expect.objectContaining({ id: 'country.FR' })] },
        });
      }
    }
    // And the anonymous answer, kept, is never given to a signed-in caller.
    expect(await lookupIds(app, user)).toEqual(['country.FR', 'featureCode.PPLC']);
  });

  it('prepares any request that reads only the lookups, whatever its spelling', async () => {
    const variants = [
      JSON.stringify({ query: LOOKUPS_DOCUMENT, variables: {}, operationName: 'Lookups' }),
      JSON.stringify({ query: '{ lookups { id values } }' }),
      JSON.stringify({ query: '{ __typename all: lookups { label: values } }', variables: { x: 1 } }),
      ` ${LOOKUPS_BODY}`,
    ];
    for (const body of variants) {
      const executed = await graphql(
        app,
        JSON.parse(body).query,
        {},
        { ...user.bearerHeaders, 'X-Case': body },
      );
      const first = await lookupsRequest(app, user.bearerHeaders, body);
      const second = await lookupsRequest(app, user.bearerHeaders, body);
      expect(second.headers.get('ETag'), body).toBe(first.headers.get('ETag'));
      expect(second.headers.get('ETag'), body).toBeTruthy();
      expect(await second.json()).toEqual({ data: executed.data });
    }
  });

  it('executes every request that reads anything else, refused or not, each time', async () => {
    const others = [
      JSON.stringify({ query: '{ lookups { id } me { email } }' }),
      JSON.stringify({ query: '{ ...L } fragment L on Query { lookups { id } }' }),
      JSON.stringify({ query: 'mutation { removeLookups(ids: []) { removed } }' }),
      JSON.stringify({ query: '{ lookups { id nope } }' }),
      JSON.stringify({ query: '{ lookups { id ' }),
    ];
    for (const body of others) {
      for (let i = 0; i < 2; i++) {
        const response = await lookupsRequest(app, user.bearerHeaders, body);
        expect(response.headers.get('ETag'), body).toBeNull();
      }
    }
    const withMe = await lookupsRequest(app, user.bearerHeaders, others[0]);
    expect(((await withMe.json()) as { data: { me: { email: string } } }).data.me.email).toMatch(
      /@example\.test$/,
    );
  });

  it('keeps an answer per Accept header, each in the media type Yoga chose', async () => {
    const types = new Set<string | null>();
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      for (let i = 0; i < 2; i++) {
        const response = await lookupsRequest(app, { ...user.bearerHeaders, Accept: accept });
        types.add(`${accept} → ${response.headers.get('Content-Type')}`);
      }
    }
    expect([...types]).toEqual([
      'application/json → application/json; charset=utf-8',
      'application/graphql-response+json → application/graphql-response+json; charset=utf-8',
    ]);
  });

  it('is compressed once per encoding the caller accepts', async () => {
    const plain = await (await lookupsRequest(app, user.bearerHeaders)).text();
    for (let i = 0; i < 2; i++) {
      const response = await lookupsRequest(app, { ...user.bearerHeaders, 'Accept-Encoding': 'br' });
      expect(response.headers.get('Content-Encoding')).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(plain);
    }
  });

  it('shows a mutation to the next read at once', async () => {
    await lookupIds(app, user);
    await graphql(
      app,
      upsert,
      { rows: [{ id: 'country.ZZ', values: ['Z', '', '', ''] }] },
      admin.bearerHeaders,
    );
    expect(await lookupIds(app, user)).toContain('country.ZZ');
    await graphql(
      app,
      'mutation { removeLookups(ids: ["country.ZZ"]) { removed } }',
      {},
      admin.bearerHeaders,
    );
    expect(await lookupIds(app, user)).not.toContain('country.ZZ');
  });
  it("compresses the client's own answer with the most effort, another spelling's as any response", async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => ({
      id: `featureCode.T${i}`,
      values: [`Feature ${i * 7919} kind`, `Tipo ${i * 104729}`, `Type ${(i * 31) % 977}`, `نوع ${i}`],
    }));
    await graphql(app, upsert, { rows }, admin.bearerHeaders);
    const brotli = async (body: string) => {
      const response = await lookupsRequest(app, { ...user.bearerHeaders, 'Accept-Encoding': 'br' }, body);
      return Buffer.from(await response.arrayBuffer());
    };
    const client = await brotli(LOOKUPS_BODY);
    const other = await brotli(JSON.stringify({ query: LOOKUPS_DOCUMENT }));
    expect(brotliDecompressSync(other).toString()).toBe(brotliDecompressSync(client).toString());
    expect(client.length).toBeLessThan(other.length * 0.95);
    await graphql(
      app,
      'mutation ($ids: [ID!]!) { removeLookups(ids: $ids) { removed } }',
      { ids: rows.map((row) => row.id) },
      admin.bearerHeaders,
    );
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the prepared lookups answer in two processes on one PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof createFreshPostgres>>;
  let databases: Database[];
  let apps: App[];

  beforeAll(async () => {
    fresh = await createFreshPostgres(adminUrl!);
    databases = [await openDatabase({ url: fresh.url }), await openDatabase({ url: fresh.url })];
    apps = databases.map((database) => createAuthTestApp(database));
  }, 60_000);
  afterAll(async () => {
    for (const database of databases) await database.close();
    await fresh.drop();
  });

  it("shows one process's mutation to the other within the NOTIFY delay", async () => {
    const [reader, writer] = apps as [App, App];
    const user = await signIn(reader, databases[0]!);
    const admin = await signIn(writer, databases[1]!, 'admin');
    expect(await lookupIds(reader, user)).toEqual([]);
    await graphql(
      writer,
      upsert,
      { rows: [{ id: 'country.ZZ', values: ['Z', '', '', ''] }] },
      admin.bearerHeaders,
    );
    const deadline = Date.now() + 2_000;
    while (!(await lookupIds(reader, user)).includes('country.ZZ')) {
      if (Date.now() > deadline) throw new Error('the other process still answers the old lookups');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
