import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths';
import { crc32c } from '#shared/crc32c';
import { readArtifact, restoreArtifact } from '#shared/search/index-artifact';
import { runSearch } from '#shared/search/run-search';
import { buildSearchRequest } from '#shared/search/search-request';
import { databaseTargets } from '#tests/support/databases';
import { graphql } from '#tests/support/graphql';
import { createTestApp, fixedSession } from '#tests/support/test-app';
import { loadAppConfig } from '../app-config';
import type { SessionUser } from '../auth/session-user';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { buildInProcess } from '../search/artifact-build';
import { requestRebuild, segmentBytes, sourceArtifacts } from '../search/artifact-store';
import {
  createSearchIndexService,
  INDEX_BUILT_CHANNEL,
  type IndexServiceOptions,
} from '../search/index-service';
import { fixtureRecords, indexFixtures, writeFixtureDocuments } from '../search/test-fixtures';

const config = loadAppConfig();
const user: SessionUser = { id: 'u1', email: 'ada@example.com', name: 'Ada', role: 'user' };

describe.each(databaseTargets())('search index routes on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
    await indexFixtures(database, config);
  });
  afterAll(async () => database.close());

  const anonymous = () => createTestApp(database);
  const signedIn = () => createTestApp(database, {}, fixedSession(user));
  const post = (app: ReturnType<typeof createTestApp>, body: unknown, headers: Record<string, string> = {}) =>
    app.request(apiPaths.searchIndex, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const checksums = async () =>
    new Map((await sourceArtifacts(database.db)).map((a) => [a.source, a.crc32c]));

  it('answers anonymous callers with the public sources only', async () => {
    const response = await post(anonymous(), { dataSourceLoadStates: { countries: 'unloaded' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['countries']);
    expect(body.countries).toEqual({
      state: 'ready',
      crc32c: (await checksums()).get('countries'),
      size: expect.any(Number),
      documentCount: fixtureRecords().countries!.length,
    });
    expect(await (await post(anonymous(), { dataSources: ['cities'] })).json()).toEqual({});
  });

  it('answers signed-in callers with every source, or the ones asked for', async () => {
    const all = await (await post(signedIn(), {})).json();
    expect(Object.keys(all).sort()).toEqual(['cities', 'countries']);
    expect(all.cities.crc32c).toBe((await checksums()).get('cities'));
    const some = await (await post(signedIn(), { dataSources: ['cities'], dataSourceLoadStates: {} })).json();
    expect(Object.keys(some)).toEqual(['cities']);
  });

  it('rejects bad bodies with a reason', async () => {
    const cases: [unknown, number, string][] = [
      ['{not json', 400, 'invalid_json'],
      [{ dataSourceLoadStates: { countries: 'done' } }, 400, 'invalid_body'],
      [{ dataSources: 'countries' }, 400, 'invalid_body'],
      [{ dataSources: [], extra: true }, 400, 'invalid_body'],
      [{ dataSources: ['atlantis'] }, 400, 'unknown_source'],
      [{ dataSources: ['countries'], dataSourceLoadStates: { atlantis: 'error' } }, 400, 'unknown_source'],
      // Inherited names are not sources either.
      [{ dataSources: ['constructor'] }, 400, 'unknown_source'],
      [{ dataSources: ['countries'], dataSourceLoadStates: { constructor: 'error' } }, 400, 'unknown_source'],
      [{ dataSources: ['__proto__'] }, 400, 'invalid_body'],
      [{ dataSources: ['countries\u0000'] }, 400, 'invalid_body'],
    ];
    for (const [body, status, code] of cases) {
      const response = await post(anonymous(), body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await response.json()).error.code, JSON.stringify(body)).toBe(code);
    }
    const invalid = await (await post(anonymous(), { dataSourceLoadStates: { countries: 'done' } })).json();
    expect(invalid.error.issues[0].path).toBe('dataSourceLoadStates.countries');
  });

  it('refuses bodies not sent as JSON with 415, and nesting past 64 levels with 400 naming where', async () => {
    const asText = await post(anonymous(), '{"dataSources":["countries"]}', { 'Content-Type': 'text/plain' });
    expect(asText.status).toBe(415);
    expect((await asText.json()).error.code).toBe('unsupported_media_type');
    const deep = await post(anonymous(), `{"dataSources":${'['.repeat(100)}${']'.repeat(100)}}`);
    expect(deep.status).toBe(400);
    const { error } = await deep.json();
    expect(error.issues).toEqual([
      { path: `dataSources${'.0'.repeat(63)}`, message: 'nests deeper than 64 levels' },
    ]);
  });

  it('refuses bodies over 16 KiB with 413', async () => {
    const response = await post(anonymous(), { dataSources: ['countries'], padding: 'x'.repeat(20_000) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('too_large');
  });

  it('serves a public artifact by checksum, immutable, with an ETag, that restores into a working index', async () => {
    const crc = (await checksums()).get('countries')!;
    const response = await anonymous().request(apiPaths.searchIndexArtifact('countries', crc));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('ETag')).toBe(`"${crc}"`);
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(crc32c(bytes)).toBe(crc);
    const artifact = await readArtifact(bytes);
    const { engine, index } = await restoreArtifact(artifact);
    const request = buildSearchRequest(config.gapSearch.dataSources.countries!, 'cote ivoire');
    const result = await runSearch(engine, index, artifact.dataType, request);
    expect(result.hits.map((h) => h.id)).toEqual(['CIV']);

    const again = await anonymous().request(apiPaths.searchIndexArtifact('countries', crc), {
      headers: { 'If-None-Match': `"${crc}"` },
    });
    expect(again.status).toBe(304);
  });

  it('never sends a protected artifact to an anonymous caller', async () => {
    const crc = (await checksums()).get('cities')!;
    const anonymousResponse = await anonymous().request(apiPaths.searchIndexArtifact('cities', crc));
    expect(anonymousResponse.status).toBe(401);
    expect((await anonymousResponse.json()).error.code).toBe('unauthenticated');
    // A wrong checksum must not tell an anonymous caller anything either.
    expect((await anonymous().request(apiPaths.searchIndexArtifact('cities', 1))).status).toBe(401);

    const response = await signedIn().request(apiPaths.searchIndexArtifact('cities', crc));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(crc32c(new Uint8Array(await response.arrayBuffer()))).toBe(crc);
  });

  it('answers 404 for an unknown source, a malformed or a stale checksum', async () => {
    const crc = (await checksums()).get('countries')!;
    for (const path of [
      apiPaths.searchIndexArtifact('atlantis', crc),
      apiPaths.searchIndexArtifact('countries', crc + 1),
      `${apiPaths.searchIndex}/countries/abc`,
    ]) {
      const response = await anonymous().request(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code).toBe('not_found');
    }
  });

  it('serves the changes as a delta on top of the artifact, and a replaced delta no longer', async () => {
    const app = anonymous();
    const base = (await checksums()).get('countries')!;
    const service = createSearchIndexService({
      database,
      config,
      logger: createLogger('silent'),
      build: buildInProcess,
    });
    const [france] = fixtureRecords().countries!.filter((c) => c.code === 'FRA');
    let answered: { delta?: { crc32c: number } } | undefined;
    /** Changes France's name and waits for the answer to change (the catalog hears of the build by NOTIFY). */
    const change = async (name: string) => {
      await writeFixtureDocuments(database, config, 'countries', [{ ...france, name }]);
      expect(await service.ensureIndex('countries')).toBe('built');
      const before = answered?.delta?.crc32c;
      await expect
        .poll(async () => {
          answered = (await (await post(app, {})).json()).countries;
          return answered?.delta?.crc32c;
        })
        .not.toBe(before);
      return answered as { crc32c: number; delta: { crc32c: number; size: number } };
    };
    const first = await change('Republic of France');
    expect(first).toEqual({
      state: 'ready',
      crc32c: base,
      size: expect.any(Number),
      documentCount: fixtureRecords().countries!.length,
      delta: { crc32c: expect.any(Number), size: expect.any(Number), documentCount: 1 },
    });
    const delta = await app.request(apiPaths.searchIndexArtifact('countries', first.delta.crc32c));
    expect(delta.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const bytes = new Uint8Array(await delta.arrayBuffer());
    expect(crc32c(bytes)).toBe(first.delta.crc32c);
    expect(first.delta.size).toBe(bytes.length);
    expect((await readArtifact(bytes)).hides).toEqual(['FRA']);

    const second = await change('French Republic');
    expect(second.crc32c).toBe(base);
    expect(second.delta.crc32c).not.toBe(first.delta.crc32c);
    expect((await app.request(apiPaths.searchIndexArtifact('countries', first.delta.crc32c))).status).toBe(
      404,
    );
    expect((await app.request(apiPaths.searchIndexArtifact('countries', second.delta.crc32c))).status).toBe(
      200,
    );
    expect((await app.request(apiPaths.searchIndexArtifact('countries', base))).status).toBe(200);
  });

  it('says a source whose first build has not finished is preparing, with no checksum', async () => {
    await database.db.execute(`delete from index_artifacts where source = 'cities'`);
    expect((await (await post(signedIn(), { dataSources: ['cities'] })).json()).cities).toEqual({
      state: 'preparing',
      crc32c: null,
    });
  });

  it('answers GraphQL’s index from the memory POST /api/index answers from, until a build is announced', async () => {
    const app = anonymous();
    const index = async () =>
      (await graphql(app, '{ dataSource(name: "countries") { index { crc32c } } }')).data?.dataSource.index;
    const answered = async () => (await (await post(app, { dataSources: ['countries'] })).json()).countries;
    const stored = (await checksums()).get('countries');
    expect(await index()).toEqual({ crc32c: stored });
    expect((await answered()).crc32c).toBe(stored);

    // Gone from the database without an announcement: both still answer what they hold.
    await database.db.execute(`delete from index_artifacts where source = 'countries'`);
    expect(await index()).toEqual({ crc32c: stored });
    expect((await answered()).crc32c).toBe(stored);

    await database.notify(INDEX_BUILT_CHANNEL, JSON.stringify({ source: 'countries' }));
    await expect.poll(index).toBeNull();
    expect((await answered()).state).toBe('preparing');
  });
});

describe.each(databaseTargets())('the head segment on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
    for (const [source, records] of Object.entries(fixtureRecords()))
      await writeFixtureDocuments(database, config, source, records);
  });
  afterAll(async () => database.close());

  type Segment = { crc32c: number; size: number; documentCount: number };
  type Answer = Segment & { head?: Segment; delta?: Segment };
  // A new app each time: a new catalog, which reads the segments' parts from the database.
  const app = () => createTestApp(database, {}, fixedSession(user));
  const anonymous = () => createTestApp(database);
  const answers = async (): Promise<Record<string, Answer>> =>
    (
      await app().request(apiPaths.searchIndex, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
    ).json();
  const serve = (source: string, crc: number, caller = app()) =>
    caller.request(apiPaths.searchIndexArtifact(source, crc));
  /** Builds `source` with `head` (tests' small thresholds) and returns the answer once it is new. */
  async function build(source: string, head: IndexServiceOptions['head']) {
    const before = JSON.stringify((await answers())[source]);
    const service = createSearchIndexService({
      database,
      config,
      logger: createLogger('silent'),
      build: buildInProcess,
      head,
    });
    expect(await service.ensureIndex(source)).toBe('built');
    let answered: Answer | undefined;
    // The catalog hears of the build by NOTIFY.
    await expect
      .poll(async () => {
        answered = (await answers())[source];
        return JSON.stringify(answered);
      })
      .not.toBe(before);
    return answered!;
  }
  /** The bytes served for `source`'s segment `crc`, checked against its checksum. */
  async function served(source: string, crc: number) {
    const response = await serve(source, crc);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(crc32c(bytes)).toBe(crc);
    return { response, bytes };
  }

  const countries = fixtureRecords().countries!;
  // Both sources are over it: 7 countries, more cities.
  const small = { documents: 3, from: countries.length };

  it('is answered and served as the artifact is, for a source over the threshold', async () => {
    const answered = await build('countries', small);
    expect(answered).toEqual({
      state: 'ready',
      crc32c: expect.any(Number),
      size: expect.any(Number),
      documentCount: countries.length,
      head: { crc32c: expect.any(Number), size: expect.any(Number), documentCount: 3 },
    });
    const head = answered.head!;
    const { response, bytes } = await served('countries', head.crc32c);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('ETag')).toBe(`"${head.crc32c}"`);
    expect(bytes.length).toBe(head.size);
    // The three largest, best rank first (countries rank by area).
    const artifact = await readArtifact(bytes);
    const { engine, index } = await restoreArtifact(artifact);
    const request = buildSearchRequest(config.gapSearch.dataSources.countries!, undefined);
    const all = await runSearch(engine, index, artifact.dataType, request);
    expect(all.hits.map((hit) => hit.id)).toEqual(['BRA', 'EGY', 'FRA']);

    // A protected source's head only to signed-in callers, never kept by the browser.
    const cities = (await build('cities', small)).head!;
    expect(cities.documentCount).toBe(3);
    expect((await serve('cities', cities.crc32c, anonymous())).status).toBe(401);
    expect((await served('cities', cities.crc32c)).response.headers.get('Cache-Control')).toBe(
      'private, no-store',
    );
  });

  it('stays answered and served while a delta is on top of its artifact', async () => {
    const before = (await answers()).countries!;
    const france = countries.find((country) => country.code === 'FRA')!;
    await writeFixtureDocuments(database, config, 'countries', [{ ...france, name: 'French Republic' }]);
    const answered = await build('countries', small);
    expect(answered.delta?.documentCount).toBe(1);
    expect(answered.crc32c).toBe(before.crc32c);
    expect(answered.head).toEqual(before.head);
    await served('countries', answered.head!.crc32c);
    await served('countries', answered.delta!.crc32c);
    // GraphQL names the same segments.
    const status = await graphql(
      anonymous(),
      `{ dataSource(name: "countries") { index { crc32c size documentCount
          head { crc32c size documentCount } delta { crc32c size documentCount } } } }`,
    );
    const { state, ...segments } = answered as Answer & { state: string };
    expect(status.data?.dataSource.index).toEqual(segments);
  });

  it('is replaced by the next full build, and none is made under the threshold', async () => {
    const before = (await answers()).countries!;
    await requestRebuild(database.db, 'countries');
    const rebuilt = await build('countries', small);
    expect(rebuilt.delta).toBeUndefined();
    // France, renamed by the delta, is among the head's documents: a head of other bytes.
    expect(rebuilt.head!.crc32c).not.toBe(before.head!.crc32c);
    await served('countries', rebuilt.head!.crc32c);
    for (const gone of [before.head!, before.delta!]) {
      expect((await serve('countries', gone.crc32c)).status).toBe(404);
      expect(await segmentBytes(database.db, 'countries', gone.crc32c, gone.size)).toBeNull();
    }

    await requestRebuild(database.db, 'countries');
    const withoutHead = await build('countries', { documents: 3, from: countries.length + 1 });
    expect(withoutHead.head).toBeUndefined();
    expect(withoutHead.documentCount).toBe(countries.length);
    expect((await serve('countries', rebuilt.head!.crc32c)).status).toBe(404);
    expect(await segmentBytes(database.db, 'countries', rebuilt.head!.crc32c, rebuilt.head!.size)).toBeNull();
    // The other source's head is its own.
    expect((await answers()).cities!.head).toBeDefined();
  });
});
