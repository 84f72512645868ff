// /graphql through app.request() on both databases: callers from the bearer token only, every
// protected field refused to anonymous callers without its data, the public configuration,
// documents and pages, admin mutations (all or nothing, reindex requested), limits, introspection,
// masked errors and GraphiQL in development only.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthTestApp, createTestUser, type SignedIn, signInTestUser } from '#tests/support/auth';
import { databaseTargets } from '#tests/support/databases';
import { errorCodes, type GraphqlAnswer, graphql } from '#tests/support/graphql';
import { createTestApp, fixedSession, testEnv } from '#tests/support/test-app';
import { createApp } from '../app';
import { loadAppConfig } from '../app-config';
import { createSessionStore } from '../auth/session-store';
import type { Database } from '../db/client';
import { documents, lookups } from '../db/schema/documents';
import { MAX_ALIASES, MAX_DIRECTIVES, MAX_TOKENS } from '../graphql/limits';
import { MAX_QUERY_BYTES } from '../graphql/yoga';
import { createLogger } from '../logger';
import { buildInProcess } from '../search/artifact-build';
import { countDocuments } from '../search/document-store';
import { createSearchIndexService, DOCUMENTS_CHANGED_CHANNEL } from '../search/index-service';
import { fixtureRecords, indexFixtures } from '../search/test-fixtures';

const config = loadAppConfig();
const fixtures = fixtureRecords();
const cityKeys = fixtures.cities!.map((c) => String(c.id));
const countryKeys = fixtures.countries!.map((c) => String(c.code)).sort();
const someCity = fixtures.cities![0]!;

/** Every operation that reads protected data, with a value from that data it must never show. */
const protectedOperations: { name: string; query: string; secret: string }[] = [
  {
    name: 'lookups only protected sources use',
    query: '{ lookups { id values } }',
    secret: 'Zürich city label',
  },
  {
    name: 'item of a protected source',
    query: `{ item(dataSource: "cities", key: "${someCity.id}") { title document } }`,
    secret: String(someCity.name),
  },
  {
    name: 'items of a protected source',
    query: '{ items(dataSource: "cities") { totalCount nodes { title } } }',
    secret: String(someCity.name),
  },
  {
    name: "a protected source's index",
    query: '{ dataSource(name: "cities") { name index { crc32c documentCount } } }',
    secret: 'documentCount',
  },
  {
    name: 'the index in the list of sources',
    query: '{ dataSources { name index { documentCount } } }',
    secret: `"documentCount":${cityKeys.length}`,
  },
];

const fixtureLookups = [
  { id: 'country.FR', values: ['France', 'Francia', 'France', 'فرنسا'] },
  { id: 'featureCode.PPLC', values: ['Zürich city label', 'Capital', 'Capitale', 'عاصمة'] },
];

describe.each(databaseTargets())('GraphQL on $name', (target) => {
  let database: Database;
  let app: ReturnType<typeof createAuthTestApp>;
  let user: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    database = await target.open();
    app = createAuthTestApp(database);
    await indexFixtures(database, config);
    await database.db.insert(lookups).values(fixtureLookups);
    const plain = await createTestUser(database, { name: 'Pat Plain' });
    const boss = await createTestUser(database, { name: 'Ada Admin', role: 'admin' });
    user = await signInTestUser(app, plain.email, plain.password);
    admin = await signInTestUser(app, boss.email, boss.password);
  }, 60_000);
  afterAll(async () => database.close());

  describe('who is calling', () => {
    it('is nobody without a bearer token, and the token holder with one', async () => {
      expect((await graphql(app, '{ me { email } }')).data).toEqual({ me: null });
      const signedIn = await graphql(app, '{ me { email name role } }', {}, admin.bearerHeaders);
      expect(signedIn.data?.me).toMatchObject({ name: 'Ada Admin', role: 'admin' });
    });

    it('ignores the session cookie, so another site cannot act with a signed-in browser', async () => {
      const body = await graphql(
        app,
        '{ me { email } items(dataSource: "cities") { totalCount } }',
        {},
        user.headers,
      );
      expect(body.data).toBeNull();
      expect(errorCodes(body)).toEqual(['UNAUTHENTICATED']);
    });

    it('treats a forged or garbled token as no token', async () => {
      for (const Authorization of ['Bearer not-a-token', `Bearer ${user.bearerToken}x`, 'Basic abc']) {
        const body = await graphql(app, '{ me { email } }', {}, { Authorization });
        expect(body.data).toEqual({ me: null });
      }
    });
  });

  describe('protected data', () => {
    const refused = protectedOperations.filter((op) => !op.name.startsWith('lookups'));

    it.each(refused)('refuses $name to anonymous callers with UNAUTHENTICATED', async (op) => {
      const response = await app.request('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: op.query }),
      });
      const text = await response.text();
      expect(text).not.toContain(op.secret);
      const body = JSON.parse(text);
      expect(errorCodes(body)).toContain('UNAUTHENTICATED');
      expect(body.errors[0].message).toMatch(/^Sign in/);
    });

    it.each(protectedOperations)('answers $name to signed-in callers', async (op) => {
      const body = await graphql(app, op.query, {}, user.bearerHeaders);
      expect(body.errors).toBeUndefined();
      expect(JSON.stringify(body.data)).toContain(op.secret);
    });

    it('answers anonymous callers the lookups of public sources only', async () => {
      const response = await app.request('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: '{ lookups { id values } }' }),
      });
      const text = await response.text();
      expect(text).not.toContain('Zürich city label');
      // country.* labels the public countries' borders (and the protected cities' country).
      expect(JSON.parse(text)).toEqual({
        data: { lookups: [{ id: 'country.FR', values: ['France', 'Francia', 'France', 'فرنسا'] }] },
      });
    });

    it('still answers the public parts of a query that also asks for protected ones', async () => {
      const body = await graphql(app, '{ dataSources { name index { documentCount } } }');
      expect(body.data?.dataSources).toEqual([
        { name: 'countries', index: { documentCount: countryKeys.length } },
        { name: 'cities', index: null },
      ]);
      expect(body.errors?.map((e) => e.path)).toEqual([['dataSources', 1, 'index']]);
    });
  });

  it('answers large results compressed, like the rest of the API', async () => {
    const response = await app.request('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip', ...user.bearerHeaders },
      body: JSON.stringify({
        query: '{ items(dataSource: "countries", first: 100) { nodes { document } } }',
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    const text = await new Response(response.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(JSON.parse(text).data.items.nodes).toHaveLength(countryKeys.length);
  });

  it('lists lookups in id order for signed-in callers', async () => {
    const body = await graphql(app, '{ lookups { id values } }', {}, user.bearerHeaders);
    expect(body.data?.lookups).toEqual([
      { id: 'country.FR', values: ['France', 'Francia', 'France', 'فرنسا'] },
      { id: 'featureCode.PPLC', values: ['Zürich city label', 'Capital', 'Capitale', 'عاصمة'] },
    ]);
  });

  it('serves the public data-source configuration as app.config.ts states it', async () => {
    const body = await graphql(
      app,
      `{ dataSources { name dataType algorithm protected keyProperty titleProperty descriptionProperties
           searchProperties { property type } indexedProperties { property type }
           boostProperties { property factor } filters { key property } lookups { property namespace }
           rank { property scale } sortOptions { id property direction } }
         missing: dataSource(name: "nope") { name } }`,
    );
    expect(body.errors).toBeUndefined();
    const countries = config.gapSearch.dataSources.countries!;
    expect(body.data?.dataSources.map((s: { name: string }) => s.name)).toEqual(['countries', 'cities']);
    expect(body.data?.dataSources[0]).toEqual({
      name: 'countries',
      dataType: countries.dataType,
      algorithm: countries.algorithm,
      protected: false,
      keyProperty: countries.keyProperty,
      titleProperty: countries.titleProperty,
      descriptionProperties: countries.descriptionProperties,
      searchProperties: Object.entries(countries.searchProperties).map(([property, type]) => ({
        property,
        type,
      })),
      indexedProperties: Object.entries(countries.indexedProperties).map(([property, type]) => ({
        property,
        type,
      })),
      boostProperties: Object.entries(countries.boostProperties).map(([property, factor]) => ({
        property,
        factor,
      })),
      filters: Object.entries(countries.filters).map(([key, property]) => ({ key, property })),
      lookups: Object.entries(countries.lookups).map(([property, namespace]) => ({ property, namespace })),
      rank: countries.rank,
      sortOptions: countries.sortOptions,
    });
    expect(body.data?.missing).toBeNull();
  });

  describe('documents', () => {
    it('answers one document of a public source to anyone, and null for an unknown key', async () => {
      const body = await graphql(
        app,
        `{ item(dataSource: "countries", key: "FRA") { dataSource key dataType title rank document updatedAt }
           none: item(dataSource: "countries", key: "XXX") { key } }`,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data?.item).toMatchObject({
        dataSource: 'countries',
        key: 'FRA',
        dataType: 'country',
        title: 'France',
      });
      expect(body.data?.item.document).toMatchObject({ code: 'FRA', capital: ['Paris'] });
      expect(new Date(body.data?.item.updatedAt).toISOString()).toBe(body.data?.item.updatedAt);
      expect(body.data?.none).toBeNull();
    });

    it('pages through a source in key order with opaque cursors', async () => {
      const seen: string[] = [];
      let after: string | null = null;
      for (let page = 0; page < 10; page++) {
        const body: GraphqlAnswer = await graphql(
          app,
          `query ($after: String) { items(dataSource: "countries", first: 3, after: $after) {
             totalCount nodes { key } pageInfo { endCursor hasNextPage } } }`,
          { after },
        );
        expect(body.errors).toBeUndefined();
        expect(body.data.items.totalCount).toBe(countryKeys.length);
        seen.push(...body.data.items.nodes.map((n: { key: string }) => n.key));
        if (!body.data.items.pageInfo.hasNextPage) break;
        after = body.data.items.pageInfo.endCursor;
      }
      expect(seen).toEqual(countryKeys);
    });

    it('refuses unknown sources, page sizes out of range and foreign cursors', async () => {
      for (const query of [
        '{ item(dataSource: "nope", key: "x") { key } }',
        '{ items(dataSource: "countries", first: 0) { totalCount } }',
        '{ items(dataSource: "countries", first: 101) { totalCount } }',
        '{ items(dataSource: "countries", after: "not a cursor!") { totalCount } }',
      ]) {
        expect(errorCodes(await graphql(app, query)), query).toEqual(['BAD_USER_INPUT']);
      }
    });
  });

  describe('admin mutations', () => {
    const upsert = `mutation ($source: String!, $docs: [JSON!]!) {
      upsertDocuments(dataSource: $source, documents: $docs) { dataSource inserted updated unchanged removed reindexing } }`;
    const newCountry = { code: 'ZZZ', name: 'Zedland', region: 'Europe', languages: ['eng'] };

    // What a test adds or changes is put back: the other tests read the fixtures as written.
    afterEach(async () => {
      await database.db
        .delete(documents)
        .where(and(eq(documents.source, 'countries'), eq(documents.key, newCountry.code)));
      // Through the API, which also renews the lookups the server keeps prepared.
      const restored = await graphql(
        app,
        'mutation ($rows: [LookupInput!]!) { upsertLookups(lookups: $rows) { upserted } }',
        { rows: fixtureLookups },
        admin.bearerHeaders,
      );
      expect(restored.errors).toBeUndefined();
    });

    async function documentsChanged(run: () => Promise<unknown>): Promise<string[]> {
      const heard: string[] = [];
      const unlisten = await database.listen(DOCUMENTS_CHANGED_CHANNEL, (source) => heard.push(source));
      try {
        await run();
        // Notifications arrive in commit order: once a marker sent afterwards is heard, anything
        // the run announced has been heard too. Index builders ignore a source they do not know.
        const marker = 'marker-not-a-source';
        await database.notify(DOCUMENTS_CHANGED_CHANNEL, marker);
        await vi.waitFor(() => expect(heard).toContain(marker));
        return heard.filter((source) => source !== marker);
      } finally {
        await unlisten();
      }
    }

    it('refuse anonymous callers with UNAUTHENTICATED and signed-in non-admins with FORBIDDEN', async () => {
      const operations = [
        [upsert, { source: 'countries', docs: [newCountry] }],
        ['mutation { removeDocuments(dataSource: "countries", keys: ["FRA"]) { removed } }', {}],
        ['mutation { upsertLookups(lookups: [{ id: "x.y", values: ["z"] }]) { upserted } }', {}],
        ['mutation { removeLookups(ids: ["country.FR"]) { removed } }', {}],
      ] as const;
      for (const [query, variables] of operations) {
        expect(errorCodes(await graphql(app, query, variables))).toEqual(['UNAUTHENTICATED']);
        expect(errorCodes(await graphql(app, query, variables, user.bearerHeaders))).toEqual(['FORBIDDEN']);
      }
      expect(await countDocuments(database.db, 'countries')).toBe(countryKeys.length);
      expect(await database.db.select().from(lookups)).toHaveLength(2);
    });

    it('upsert documents and ask for a reindex, only when something changed', async () => {
      let body: GraphqlAnswer | undefined;
      const heard = await documentsChanged(async () => {
        body = await graphql(app, upsert, { source: 'countries', docs: [newCountry] }, admin.bearerHeaders);
      });
      expect(body?.data?.upsertDocuments).toEqual({
        dataSource: 'countries',
        inserted: 1,
        updated: 0,
        unchanged: 0,
        removed: 0,
        reindexing: true,
      });
      expect(heard).toEqual(['countries']);

      const again = await documentsChanged(async () => {
        body = await graphql(app, upsert, { source: 'countries', docs: [newCountry] }, admin.bearerHeaders);
      });
      expect(body?.data?.upsertDocuments).toMatchObject({ unchanged: 1, reindexing: false });
      expect(again).toEqual([]);

      const item = await graphql(app, '{ item(dataSource: "countries", key: "ZZZ") { title } }');
      expect(item.data?.item).toEqual({ title: 'Zedland' });
    });

    it("count an added document in the source's index once its delta is built", async () => {
      const status =
        '{ dataSource(name: "countries") { index { crc32c documentCount delta { documentCount } head { crc32c } } } }';
      const index = async () => (await graphql(app, status)).data?.dataSource.index;
      // The reindex the mutation asks for, as the process holding the build lease runs it.
      const builder = createSearchIndexService({
        database,
        config,
        logger: createLogger('silent'),
        build: buildInProcess,
      });
      const before = await index();
      expect(before).toEqual({
        crc32c: expect.any(Number),
        documentCount: countryKeys.length,
        delta: null,
        head: null,
      });
      await graphql(app, upsert, { source: 'countries', docs: [newCountry] }, admin.bearerHeaders);
      try {
        expect(await builder.ensureIndex('countries')).toBe('built');
        // The app's index summaries hear of the build by NOTIFY.
        await expect.poll(index).toEqual({
          crc32c: before.crc32c,
          documentCount: countryKeys.length + 1,
          delta: { documentCount: 1 },
          head: null,
        });
      } finally {
        await database.db
          .delete(documents)
          .where(and(eq(documents.source, 'countries'), eq(documents.key, newCountry.code)));
        await builder.ensureIndex('countries');
      }
      expect((await index()).documentCount).toBe(countryKeys.length);
    });

    it('store nothing when any document breaks its source configuration, and say which and why', async () => {
      const before = await countDocuments(database.db, 'countries');
      const docs = [
        { code: 'YYY', name: 'Fine' },
        { code: 'XXY', name: '' },
        { code: 'XXZ', name: 'Typed wrong', languages: 'eng' },
      ];
      const body = await graphql(app, upsert, { source: 'countries', docs }, admin.bearerHeaders);
      expect(errorCodes(body)).toEqual(['BAD_USER_INPUT']);
      expect(body.errors?.[0]?.extensions).toMatchObject({
        rejectedCount: 2,
        rejections: [
          { index: 1, reasons: [expect.stringContaining('title')] },
          { index: 2, reasons: [expect.stringContaining('"languages"')] },
        ],
      });
      expect(await countDocuments(database.db, 'countries')).toBe(before);
      const empty = await graphql(app, upsert, { source: 'countries', docs: [] }, admin.bearerHeaders);
      expect(errorCodes(empty)).toEqual(['BAD_USER_INPUT']);
      const unknown = await graphql(app, upsert, { source: 'nope', docs: [newCountry] }, admin.bearerHeaders);
      expect(errorCodes(unknown)).toEqual(['BAD_USER_INPUT']);
    });

    it('remove documents by key and ask for a reindex when any went', async () => {
      const remove =
        'mutation ($keys: [String!]!) { removeDocuments(dataSource: "countries", keys: $keys) { removed reindexing } }';
      await graphql(app, upsert, { source: 'countries', docs: [newCountry] }, admin.bearerHeaders);
      let body: GraphqlAnswer | undefined;
      const heard = await documentsChanged(async () => {
        body = await graphql(app, remove, { keys: ['ZZZ', 'ZZZ', 'nothing'] }, admin.bearerHeaders);
      });
      expect(body?.data?.removeDocuments).toEqual({ removed: 1, reindexing: true });
      expect(heard).toEqual(['countries']);
      const none = await graphql(app, remove, { keys: ['ZZZ'] }, admin.bearerHeaders);
      expect(none.data?.removeDocuments).toEqual({ removed: 0, reindexing: false });
    });

    it('upsert and remove lookups, refusing duplicate or empty ones whole', async () => {
      const put = 'mutation ($rows: [LookupInput!]!) { upsertLookups(lookups: $rows) { upserted } }';
      const changed = await graphql(
        app,
        put,
        {
          rows: [
            { id: 'country.FR', values: ['France!'] },
            { id: 'region.Mars', values: ['Mars'] },
          ],
        },
        admin.bearerHeaders,
      );
      expect(changed.data?.upsertLookups).toEqual({ upserted: 2 });
      for (const rows of [
        [
          { id: 'a.b', values: ['x'] },
          { id: 'a.b', values: ['y'] },
        ],
        [{ id: ' ', values: ['x'] }],
        [{ id: 'a.c', values: [] }],
      ]) {
        expect(errorCodes(await graphql(app, put, { rows }, admin.bearerHeaders))).toEqual([
          'BAD_USER_INPUT',
        ]);
      }
      const removed = await graphql(
        app,
        'mutation { removeLookups(ids: ["region.Mars", "x"]) { removed } }',
        {},
        admin.bearerHeaders,
      );
      expect(removed.data?.removeLookups).toEqual({ removed: 1 });
      const list = await graphql(app, '{ lookups { id values } }', {}, user.bearerHeaders);
      expect(list.data?.lookups).toContainEqual({ id: 'country.FR', values: ['France!'] });
      expect(list.data?.lookups).toHaveLength(2);
    });
  });

  describe('limits', () => {
    it('refuses introspection nested deeper than graphql-js allows before running it', async () => {
      // The schema itself has no cycles, so only introspection can nest deeply; limits.test.ts
      // checks the depth rule on a recursive schema.
      const deep = `{ __schema { types { fields { type { fields { type { fields { type { fields { type {
        name } } } } } } } } } } }`;
      const body = await graphql(app, deep);
      expect(body.status).toBe(400);
      expect(body.errors?.[0]?.message).toBe('Maximum introspection depth exceeded');
      expect(body.data).toBeUndefined();
    });

    it('refuses operations whose pages add up beyond the cost limit', async () => {
      const page = (n: number) =>
        `p${n}: items(dataSource: "countries", first: 100) { nodes { key title rank document } }`;
      const body = await graphql(app, `{ ${Array.from({ length: 12 }, (_, n) => page(n)).join(' ')} }`);
      expect(errorCodes(body)).toEqual(['QUERY_TOO_COSTLY']);
      expect(errorCodes(await graphql(app, `{ ${page(1)} ${page(2)} }`))).toEqual([]);
    });

    it('refuses a body over 64 KiB unless an admin sends it', async () => {
      const padded = (bytes: number) => `{ me { name } } # ${'x'.repeat(bytes)}`;
      for (const caller of [{}, user.bearerHeaders]) {
        const refused = await graphql(app, padded(MAX_QUERY_BYTES), {}, caller);
        expect(refused.status).toBe(413);
        expect(refused).toMatchObject({ error: { code: 'too_large' } });
        expect((await graphql(app, padded(MAX_QUERY_BYTES - 100), {}, caller)).status).toBe(200);
      }
      const fromAdmin = await graphql(app, padded(MAX_QUERY_BYTES), {}, admin.bearerHeaders);
      expect(fromAdmin.data).toEqual({ me: { name: 'Ada Admin' } });
    });

    it('stops a document of 200,000 fields while parsing, before validation can freeze the server', async () => {
      const body = await graphql(app, `{ ${'__typename '.repeat(200_000)}}`, {}, admin.bearerHeaders);
      expect(body.status).toBe(400);
      expect(body.errors?.map((e) => e.message)).toEqual([
        `Syntax Error: Token limit of ${MAX_TOKENS} exceeded.`,
      ]);
    });

    it('stops a thousand nested fragments while parsing', async () => {
      const fragments = Array.from({ length: 1000 }, (_, n) => `fragment F${n} on Query { ...F${n + 1} }`);
      const body = await graphql(
        app,
        `{ ...F0 } ${fragments.join(' ')} fragment F1000 on Query { __typename }`,
      );
      expect(body.status).toBe(400);
      expect(body.errors?.[0]?.message).toMatch(/Token limit/);
    });

    it('refuses more aliases or directives than the limits, and allows the limits', async () => {
      const aliases = (n: number) =>
        `{ ${Array.from({ length: n }, (_, i) => `a${i}: me { name }`).join(' ')} }`;
      expect((await graphql(app, aliases(MAX_ALIASES))).errors).toBeUndefined();
      const tooMany = await graphql(app, aliases(MAX_ALIASES + 1));
      expect(tooMany.status, JSON.stringify(tooMany)).toBe(400);
      expect(tooMany.errors?.[0]?.message).toMatch(new RegExp(`Aliases limit of ${MAX_ALIASES} exceeded`));
      const directives = (n: number) => `{ __typename ${'@include(if: true) '.repeat(n)}}`;
      expect((await graphql(app, directives(MAX_DIRECTIVES + 1))).errors?.[0]?.message).toMatch(
        new RegExp(`Directives limit of ${MAX_DIRECTIVES} exceeded`),
      );
    });

    it('suggests no field names outside development, so a misspelling maps nothing', async () => {
      const production = createTestApp(database, { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) });
      const body = await graphql(production, '{ lookup { id } }');
      expect(body.errors?.[0]?.message).toBeDefined();
      expect(body.errors?.[0]?.message).not.toMatch(/Did you mean/);
      const development = await graphql(
        createTestApp(database, { NODE_ENV: 'development' }),
        '{ lookup { id } }',
      );
      expect(development.errors?.[0]?.message).toMatch(/Did you mean "lookups"/);
    });
  });

  describe('introspection', () => {
    const query = '{ __schema { queryType { name } } }';

    it('is on by default outside production', async () => {
      expect((await graphql(app, query)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    });

    it('is off in production unless turned on, and off whenever turned off', async () => {
      const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
      for (const [env, allowed] of [
        [production, false],
        [{ ...production, GRAPHQL_INTROSPECTION: 'true' }, true],
        [{ GRAPHQL_INTROSPECTION: 'false' }, false],
      ] as const) {
        const body = await graphql(createTestApp(database, env), query);
        expect(body.data === undefined, JSON.stringify(env)).toBe(!allowed);
        if (!allowed) expect(body.errors?.[0]?.message).toMatch(/introspection/i);
      }
    });
  });

  it('masks internal errors: the caller learns nothing, the log gets the cause', async () => {
    const failing = new Proxy(database.db, {
      get: (db, property) =>
        property === 'select'
          ? () => {
              throw new Error('secret connection string postgres://admin:hunter2@db');
            }
          : Reflect.get(db, property),
    });
    const lines: string[] = [];
    const broken = createApp({
      env: testEnv(),
      config,
      database: { ...database, db: failing },
      logger: createLogger('error', { write: (line: string) => void lines.push(line) }),
      sessions: fixedSession({ id: 'u', email: 'u@x', name: null, role: 'user' }),
      sessionStore: createSessionStore(database, testEnv().AUTH_SESSION_MAX_AGE),
    });
    const response = await broken.request('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer any' },
      body: JSON.stringify({ query: '{ lookups { id } }' }),
    });
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text).errors).toEqual([
      expect.objectContaining({
        message: 'Unexpected error.',
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      }),
    ]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      severity: 'ERROR',
      err: { message: expect.stringContaining('hunter2'), stack: expect.stringContaining('graphql.test.ts') },
    });
  });

  it('serves GraphiQL in development only, under a CSP relaxed for that page alone', async () => {
    const html = { headers: { Accept: 'text/html' } };
    const development = createTestApp(database, { NODE_ENV: 'development' });
    const page = await development.request('/graphql', html);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('GraphiQL');
    expect(page.headers.get('Content-Security-Policy')).toContain('https://unpkg.com');
    const api = await development.request('/graphql?query=%7B__typename%7D');
    expect(api.headers.get('Content-Security-Policy')).not.toContain('unpkg');

    const test = await app.request('/graphql', html);
    expect(test.status).toBe(406);
    expect(await test.text()).toBe('');
    expect(test.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(test.headers.get('Content-Security-Policy')).not.toContain('unpkg');
  });

  it('runs queries over GET but never mutations', async () => {
    const query = await app.request(`/graphql?query=${encodeURIComponent('{ me { id } }')}`);
    expect(await query.json()).toEqual({ data: { me: null } });
    const mutation = await app.request(
      `/graphql?query=${encodeURIComponent('mutation { removeLookups(ids: ["country.FR"]) { removed } }')}`,
      { headers: admin.bearerHeaders },
    );
    expect(mutation.status).toBe(405);
  });
});
