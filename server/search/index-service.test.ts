import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '#tests/support/databases';
import { loadAppConfig } from '../app-config';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { buildInProcess } from './artifact-build';
import { acquireBuildLease, artifactSummary } from './artifact-store';
import { countDocuments } from './document-store';
import {
  BUILD_LEASE_MS,
  createSearchIndexService,
  type IndexBuiltEvent,
  type IndexServiceOptions,
} from './index-service';
import { fixtureRecords, writeFixtureDocuments } from './test-fixtures';

const config = loadAppConfig();
const logger = createLogger('silent');

function nextEvent(service: ReturnType<typeof createSearchIndexService>) {
  return new Promise<IndexBuiltEvent>((resolve) => {
    const off = service.onIndexBuilt((event) => {
      off();
      resolve(event);
    });
  });
}

describe.each(databaseTargets())('search index service on $name', (target) => {
  let database: Database;
  const services: ReturnType<typeof createSearchIndexService>[] = [];
  const service = (options: Partial<IndexServiceOptions> = {}) => {
    const created = createSearchIndexService({ database, config, logger, build: buildInProcess, ...options });
    services.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await target.open();
    await writeFixtureDocuments(database, config, 'countries', fixtureRecords().countries!);
  });
  afterAll(async () => {
    for (const s of services) await s.stop();
    await database.close();
  });

  it('builds in a worker thread, stores the artifact and tells every process by NOTIFY', async () => {
    // A second service on the same database stands for another server process; it only listens.
    const other = service({ config: { ...config, gapSearch: { dataSources: {} } } });
    await other.start();
    const heard: IndexBuiltEvent[] = [];
    other.onIndexBuilt((event) => heard.push(event));
    const builder = service({ build: undefined });
    await builder.start();
    await builder.idle();
    const countries = await artifactSummary(database.db, 'countries');
    const cities = await artifactSummary(database.db, 'cities');
    expect(countries?.documentCount).toBe(fixtureRecords().countries!.length);
    // An empty source still gets an (empty) index, so clients can load it.
    expect(cities?.documentCount).toBe(0);
    await expect
      .poll(() => heard)
      .toEqual([
        { source: 'cities', crc32c: cities!.crc32c },
        { source: 'countries', crc32c: countries!.crc32c },
      ]);
    expect(await builder.ensureIndex('countries')).toBe('current');
  });

  it('rebuilds a source when another process says its documents changed', async () => {
    const listening = service();
    await listening.start();
    await listening.idle();
    const before = (await artifactSummary(database.db, 'countries'))!.crc32c;
    const [swiss] = fixtureRecords().countries!.filter((c) => c.code === 'CHE');
    await writeFixtureDocuments(database, config, 'countries', [{ ...swiss, capital: ['Bern', 'Berne'] }]);
    const rebuilt = nextEvent(listening);
    await service().documentsChanged('countries');
    const event = await rebuilt;
    expect(event.source).toBe('countries');
    expect(event.crc32c).not.toBe(before);
    expect((await artifactSummary(database.db, 'countries'))!.crc32c).toBe(event.crc32c);
  });

  it('leaves a build to the holder of a live lease, and takes over an expired one', async () => {
    const [brazil] = fixtureRecords().countries!.filter((c) => c.code === 'BRA');
    await writeFixtureDocuments(database, config, 'countries', [{ ...brazil, name: 'Brasil' }]);
    expect(await acquireBuildLease(database.db, 'countries', 'another-process', 60_000)).toBe(true);
    const waiting = service();
    expect(await waiting.ensureIndex('countries')).toBe('busy');
    expect(await acquireBuildLease(database.db, 'countries', 'another-process', 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await waiting.ensureIndex('countries')).toBe('built');
    // Its lease is released afterwards: anyone may build next.
    expect(await acquireBuildLease(database.db, 'countries', 'someone-else', 1)).toBe(true);
  });

  it("takes over within a lease's lifetime when the process holding it died", async () => {
    const [switzerland] = fixtureRecords().countries!.filter((c) => c.code === 'CHE');
    await writeFixtureDocuments(database, config, 'countries', [{ ...switzerland, name: 'Schweiz' }]);
    const before = (await artifactSummary(database.db, 'countries'))!.crc32c;
    // A builder that took the lease and died: nobody renews it.
    expect(await acquireBuildLease(database.db, 'countries', 'a-dead-process', BUILD_LEASE_MS)).toBe(true);
    const waiting = service();
    waiting.queueBuild('countries');
    await expect
      .poll(async () => (await artifactSummary(database.db, 'countries'))!.crc32c, {
        timeout: BUILD_LEASE_MS * 2.5,
        interval: 250,
      })
      .not.toBe(before);
  }, 30_000);

  it('abandons a running build on stop and releases its lease', async () => {
    await writeFixtureDocuments(database, config, 'countries', [
      { ...fixtureRecords().countries![0], flag: '?' },
    ]);
    let started!: () => void;
    const building = new Promise<void>((resolve) => {
      started = resolve;
    });
    const stuck = service({
      build: (_source, _pages, signal) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('abandoned')));
        }),
    });
    stuck.queueBuild('countries');
    await building;
    await stuck.stop();
    expect(await acquireBuildLease(database.db, 'countries', 'next-process', 1)).toBe(true);
    expect(await countDocuments(database.db, 'countries')).toBe(fixtureRecords().countries!.length);
  });
});
