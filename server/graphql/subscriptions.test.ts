// `indexUpdated` end to end in process, on both databases: an admin mutation changes documents, the
// search core rebuilds the index and NOTIFYs, and subscribers hear it over server-sent events;
// anonymous subscribers never hear protected sources.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, createTestUser, type SignedIn, signInTestUser } from '#tests/support/auth';
import { databaseTargets } from '#tests/support/databases';
import { graphql } from '#tests/support/graphql';
import { type SseSubscription, subscribeSse } from '#tests/support/sse';
import { loadAppConfig } from '../app-config';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { buildInProcess } from '../search/artifact-build';
import { sourceArtifact } from '../search/artifact-store';
import {
  createSearchIndexService,
  INDEX_BUILT_CHANNEL,
  type SearchIndexService,
} from '../search/index-service';

const config = loadAppConfig();
const subscription =
  'subscription ($source: String) { indexUpdated(dataSource: $source) { dataSource crc32c } }';
const upsert = `mutation ($source: String!, $docs: [JSON!]!) {
  upsertDocuments(dataSource: $source, documents: $docs) { reindexing } }`;
const newCity = { id: '900001', name: 'Testville', country: 'FR', featureCode: 'PPL', population: 5 };
const newCountry = { code: 'ZZZ', name: 'Zedland' };

describe.each(databaseTargets())('indexUpdated on $name', (target) => {
  let database: Database;
  let app: ReturnType<typeof createAuthTestApp>;
  let admin: SignedIn;
  let user: SignedIn;
  let indexes: SearchIndexService;
  const open: SseSubscription[] = [];

  async function subscribe(variables: Record<string, unknown>, headers: Record<string, string> = {}) {
    const events = await subscribeSse(app, { query: subscription, variables }, headers);
    open.push(events);
    return events;
  }

  beforeAll(async () => {
    database = await target.open();
    app = createAuthTestApp(database);
    const boss = await createTestUser(database, { role: 'admin' });
    const plain = await createTestUser(database);
    admin = await signInTestUser(app, boss.email, boss.password);
    user = await signInTestUser(app, plain.email, plain.password);
    // The search core as index.ts runs it: it hears DOCUMENTS_CHANGED and rebuilds.
    indexes = createSearchIndexService({
      database,
      config,
      logger: createLogger('silent'),
      build: buildInProcess,
    });
    await indexes.start();
    await indexes.idle();
  }, 60_000);
  afterAll(async () => {
    for (const events of open) events.close();
    await indexes.stop();
    await database.close();
  });

  it('tells signed-in subscribers of every rebuild, and anonymous ones of public sources only', async () => {
    const signedIn = await subscribe({}, user.bearerHeaders);
    const anonymous = await subscribe({});
    const onlyCities = await subscribe({ source: 'cities' }, user.bearerHeaders);

    const cities = await graphql(app, upsert, { source: 'cities', docs: [newCity] }, admin.bearerHeaders);
    expect(cities.data?.upsertDocuments).toEqual({ reindexing: true });
    const citiesIndex = { dataSource: 'cities', crc32c: expect.any(Number) };
    expect(await signedIn.next()).toEqual({ data: { indexUpdated: citiesIndex } });
    expect(await onlyCities.next()).toEqual({ data: { indexUpdated: citiesIndex } });

    await graphql(app, upsert, { source: 'countries', docs: [newCountry] }, admin.bearerHeaders);
    const countries = await signedIn.next();
    // The anonymous stream's first event is the countries rebuild: the cities one never reached it.
    expect(await anonymous.next()).toEqual(countries);
    // The newest segment's checksum: a delta's on top of the artifact, or a new artifact's (ADR 020).
    const built = await sourceArtifact(database.db, 'countries');
    expect(countries).toEqual({
      data: { indexUpdated: { dataSource: 'countries', crc32c: built!.delta?.crc32c ?? built!.crc32c } },
    });
    // Events arrive in order, so the next one being a later cities rebuild shows countries was skipped.
    const later = { source: 'cities', crc32c: 1 };
    await database.notify(INDEX_BUILT_CHANNEL, JSON.stringify(later));
    expect(await onlyCities.next()).toEqual({ data: { indexUpdated: { dataSource: 'cities', crc32c: 1 } } });
  });

  it('refuses a protected source to anonymous subscribers and unknown sources to anyone', async () => {
    const anonymous = await subscribe({ source: 'cities' });
    const refused = await anonymous.next();
    expect(refused.data).toBeUndefined();
    expect(refused.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
      'UNAUTHENTICATED',
    ]);
    const unknown = await subscribe({ source: 'nope' }, user.bearerHeaders);
    expect((await unknown.next()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
