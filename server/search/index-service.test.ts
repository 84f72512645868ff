import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crc32c } from '#shared/crc32c';
import { readArtifact, restoreArtifact } from '#shared/search/index-artifact';
import { runSearch } from '#shared/search/run-search';
import { segmentedEngine, withDelta } from '#shared/search/segments';
import { databaseTargets, emptiedBeforeEach } from '#tests/support/databases';
import { loadAppConfig } from '../app-config';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { buildInProcess } from './artifact-build';
import {
  acquireBuildLease,
  artifactSummary,
  buildHistory,
  segmentBytes,
  sourceArtifact,
} from './artifact-store';
import { countDocuments } from './document-store';
import {
  createSearchIndexService,
  type IndexBuiltEvent,
  type IndexServiceOptions,
  STALE_CHECK_MS,
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
  const fresh = emptiedBeforeEach(target);
  let database: Database;
  const services: ReturnType<typeof createSearchIndexService>[] = [];
  const service = (options: Partial<IndexServiceOptions> = {}) => {
    // Services left running by one test would otherwise build (and take leases) during the next.
    const staleCheckMs = 3_600_000;
    const created = createSearchIndexService({
      database,
      config,
      logger,
      build: buildInProcess,
      staleCheckMs,
      ...options,
    });
    services.push(created);
    return created;
  };

  /** The source's newest segment: its delta's checksum, or its artifact's. */
  const currentSegment = async (source: string) => {
    const artifacts = await sourceArtifact(database.db, source);
    return artifacts?.delta?.crc32c ?? artifacts?.crc32c;
  };

  // Each test starts from the fixture countries, never built: none counts on what another changed.
  beforeEach(async () => {
    database = fresh();
    await writeFixtureDocuments(database, config, 'countries', fixtureRecords().countries!);
  });
  // A service left running by one test would build (and take leases) during the next.
  afterEach(async () => {
    for (const s of services.splice(0)) await s.stop();
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

  it('builds and stores a large source’s head in the worker thread, beside its artifact', async () => {
    const countries = fixtureRecords().countries!.length;
    const builder = service({ build: undefined, head: { documents: 2, from: countries } });
    expect(await builder.ensureIndex('countries')).toBe('built');
    const { head, ...artifact } = (await sourceArtifact(database.db, 'countries'))!;
    expect(artifact.documentCount).toBe(countries);
    expect(head).toEqual({ crc32c: expect.any(Number), size: expect.any(Number), documentCount: 2 });
    const bytes = (await segmentBytes(database.db, 'countries', head!.crc32c, head!.size))!;
    expect(crc32c(bytes)).toBe(head!.crc32c);
    expect((await readArtifact(bytes)).documentCount).toBe(2);
  });

  it('builds again a large source whose artifact has no head (built before heads)', async () => {
    const countries = fixtureRecords().countries!.length;
    expect(await service().ensureIndex('countries')).toBe('built');
    expect(await sourceArtifact(database.db, 'countries')).not.toHaveProperty('head');
    expect(await service().ensureIndex('countries')).toBe('current');
    const headed = service({ head: { documents: 2, from: countries } });
    expect(await headed.ensureIndex('countries')).toBe('built');
    expect((await sourceArtifact(database.db, 'countries'))?.head?.documentCount).toBe(2);
    expect(await headed.ensureIndex('countries')).toBe('current');
  });

  it('rebuilds a source when another process says its documents changed', async () => {
    const listening = service();
    await listening.start();
    await listening.idle();
    const before = await currentSegment('countries');
    const [swiss] = fixtureRecords().countries!.filter((c) => c.code === 'CHE');
    await writeFixtureDocuments(database, config, 'countries', [{ ...swiss, capital: ['Bern', 'Berne'] }]);
    const rebuilt = nextEvent(listening);
    await service().documentsChanged('countries');
    const event = await rebuilt;
    expect(event.source).toBe('countries');
    expect(event.crc32c).not.toBe(before);
    expect(await currentSegment('countries')).toBe(event.crc32c);
  });

  it('adds the changes since the artifact as a delta, until they pass the delta limit', async () => {
    const builder = service({ deltaMinChanges: 3 });
    expect(await builder.ensureIndex('countries')).toBe('built');
    expect((await sourceArtifact(database.db, 'countries'))!.delta).toBeUndefined();
    const base = (await sourceArtifact(database.db, 'countries'))!;
    const [france, brazil, egypt, swiss] = ['FRA', 'BRA', 'EGY', 'CHE'].map(
      (code) => fixtureRecords().countries!.find((c) => c.code === code)!,
    );
    await writeFixtureDocuments(database, config, 'countries', [{ ...france, name: 'République française' }]);
    await database.db.execute(sql`delete from documents where source = 'countries' and key = 'EGY'`);
    expect(await builder.ensureIndex('countries')).toBe('built');
    const withChanges = (await sourceArtifact(database.db, 'countries'))!;
    expect(withChanges.crc32c).toBe(base.crc32c);
    expect(withChanges.delta).toMatchObject({
      baseCrc32c: base.crc32c,
      documentCount: 1,
      hiddenCount: 2,
      searchableCount: fixtureRecords().countries!.length - 1,
    });
    const stored = (segment: { crc32c: number; size: number }) =>
      segmentBytes(database.db, 'countries', segment.crc32c, segment.size);
    const delta = await readArtifact((await stored(withChanges.delta!))!);
    expect(delta.hides?.sort()).toEqual(['EGY', 'FRA']);
    expect(await builder.ensureIndex('countries')).toBe('current');

    // Searched together, the segments hold the current documents.
    const open = async (segment: { crc32c: number; size: number }) => {
      const read = await readArtifact((await stored(segment))!);
      return { read, ...(await restoreArtifact(read)) };
    };
    const [baseIndex, deltaIndex] = [await open(base), await open(withChanges.delta!)];
    const segments = withDelta(baseIndex.engine, baseIndex.index, deltaIndex.index, deltaIndex.read.hides!);
    const searchable = segmentedEngine(baseIndex.engine);
    const ids = async (term: string) =>
      (
        await runSearch(searchable, segments, 'country', {
          term,
          limit: 10,
          threshold: 0,
          where: {},
          boost: {},
        })
      ).hits.map((hit) => hit.id);
    expect(await ids('république française')).toEqual(['FRA']);
    expect(await ids('egypt')).toEqual([]);
    expect(searchable.count(segments)).toBe(fixtureRecords().countries!.length - 1);

    // Past the limit, the whole artifact is built again; the delta and the removals it held are gone.
    await writeFixtureDocuments(database, config, 'countries', [
      { ...brazil, name: 'Brasil' },
      { ...swiss, name: 'Schweiz' },
    ]);
    expect(await builder.ensureIndex('countries')).toBe('built');
    const rebuilt = (await sourceArtifact(database.db, 'countries'))!;
    expect(rebuilt.crc32c).not.toBe(base.crc32c);
    expect(rebuilt.delta).toBeUndefined();
    expect(rebuilt.documentCount).toBe(fixtureRecords().countries!.length - 1);
    const removals = await database.db.execute(
      sql`select key from document_removals where source = 'countries'`,
    );
    expect((removals as unknown as { rows: unknown[] }).rows).toEqual([]);
    // The replaced segments' parts are gone.
    expect(await stored(withChanges.delta!)).toBeNull();
    expect(await stored(base)).toBeNull();
    expect(await stored(rebuilt)).not.toBeNull();
    // The fixtures as the other tests expect them.
    await writeFixtureDocuments(database, config, 'countries', [france!, brazil!, swiss!, egypt!]);
    expect(await builder.ensureIndex('countries')).toBe('built');
  });

  // The embedded database has one session, which a writing transaction holds: no build runs meanwhile.
  it.skipIf(target.name === 'pglite')('waits for a write under way before it builds', async () => {
    const builder = service();
    await builder.ensureIndex('countries');
    const [france] = fixtureRecords().countries!.filter((c) => c.code === 'FRA');
    await writeFixtureDocuments(database, config, 'countries', [{ ...france, name: 'France (en cours)' }]);
    // The same lock a writing statement holds until its transaction ends (migration 0007).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(736174)`);
      expect(await builder.ensureIndex('countries')).toBe('busy');
    });
    expect(await builder.ensureIndex('countries')).toBe('built');
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
    const before = await currentSegment('countries');
    // A builder that took the lease and died: nobody renews it. A short lease, so the test does not
    // wait BUILD_LEASE_MS; the waiting service looks at it every third of that.
    const leaseMs = 1_500;
    expect(await acquireBuildLease(database.db, 'countries', 'a-dead-process', leaseMs)).toBe(true);
    const waiting = service({ leaseMs });
    waiting.queueBuild('countries');
    expect(await waiting.ensureIndex('countries')).toBe('busy');
    await expect
      .poll(async () => await currentSegment('countries'), {
        timeout: 10_000,
        interval: 100,
      })
      .not.toBe(before);
  });

  describe('documents newer than the artifact', () => {
    afterEach(() => vi.useRealTimers());

    it('are noticed by a running server at its next check when their writer died before announcing them', async () => {
      expect(STALE_CHECK_MS).toBeLessThanOrEqual(5_000);
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const running = service();
      await running.start();
      await running.idle();
      const before = await currentSegment('countries');
      // An import that committed and died before its NOTIFY (or its build): nothing is announced.
      const [egypt] = fixtureRecords().countries!.filter((c) => c.code === 'EGY');
      await writeFixtureDocuments(database, config, 'countries', [{ ...egypt, name: 'Misr' }]);
      // Until the check runs, nothing rebuilds it.
      await running.idle();
      expect(await currentSegment('countries')).toBe(before);
      expect(vi.getTimerCount()).toBe(1);
      await vi.runOnlyPendingTimersAsync();
      // The check is one query, then the build: polled with real timers (only intervals are fake).
      await expect.poll(async () => await currentSegment('countries'), { timeout: 10_000 }).not.toBe(before);
    });

    it('are not built again and again at a revision whose build failed; the history keeps the error', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      let attempts = 0;
      const failing = service({
        build: async () => {
          attempts += 1;
          throw new Error('out of memory');
        },
      });
      const [france] = fixtureRecords().countries!.filter((c) => c.code === 'FRA');
      await writeFixtureDocuments(database, config, 'countries', [{ ...france, name: 'Gaule' }]);
      await failing.start();
      await failing.idle();
      const afterStart = attempts;
      expect(afterStart).toBeGreaterThan(0);
      // Three checks, each one query that finds the revision whose build failed.
      for (let i = 0; i < 3; i++) {
        await vi.runOnlyPendingTimersAsync();
        await database.ping();
        await failing.idle();
      }
      expect(attempts).toBe(afterStart);
      expect((await buildHistory(database.db, 'countries'))[0]).toMatchObject({
        outcome: 'failed',
        error: 'out of memory',
      });
    });
  });

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
