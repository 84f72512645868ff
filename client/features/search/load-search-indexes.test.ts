// Loading and searching through the real worker operations (in-process, in-memory cache) with a
// stand-in server: load states, sign-in and sign-out, builds in progress, failures, merging.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type CacheEntry, createSearchWorkerApi } from '#client/workers/search-worker-api';
import { apiPaths } from '#shared/api-paths';
import type { DataSourceConfig } from '#shared/app-config';
import type { IndexChecksumsRequest, IndexChecksumsResponse } from '#shared/search/index-api';
import { type BuiltArtifact, buildArtifact } from '#shared/search/index-artifact';
import { recordsToIndexDocuments } from '#shared/search/index-input';
import type { SearchRequest } from '#shared/search/search-types';
import { deferred } from '#tests/support/deferred';
import {
  askChecksumsAgain,
  prepareSearchIndexes,
  reloadSearchIndexes,
  type SearchIndexDeps,
  searchIndexesQuery,
  searchQueryKeys,
} from './load-search-indexes';
import { createSearchLoadStore, type SearchLoadStore } from './search-load-store';
import { canSearch, searchSources } from './search-sources';

const base: Omit<DataSourceConfig, 'dataType' | 'protected'> = {
  algorithm: 'sift',
  keyProperty: 'id',
  titleProperty: 'name',
  descriptionProperties: [],
  searchProperties: { name: 'text' },
  indexedProperties: { kind: 'enum' },
  filters: { kind: 'kind' },
  boostProperties: {},
  lookups: {},
  sortOptions: [],
  rank: { property: 'size', scale: 'linear' },
};
const dataSources: Record<string, DataSourceConfig> = {
  rivers: { ...base, dataType: 'river', protected: false },
  mountains: { ...base, dataType: 'mountain', protected: true },
};
const records = {
  rivers: [
    { id: 'r1', name: 'Saint Lawrence', kind: 'long', size: 3 },
    { id: 'r2', name: 'Seine', kind: 'short', size: 1 },
  ],
  mountains: [{ id: 'm1', name: 'Säntis', kind: 'alp', size: 5 }],
};

async function setup() {
  const artifacts: Record<string, BuiltArtifact> = {};
  for (const [name, rows] of Object.entries(records)) {
    artifacts[name] = await buildArtifact(
      dataSources[name]!,
      recordsToIndexDocuments(dataSources[name]!, rows),
    );
  }
  const cache = new Map<string, CacheEntry>();
  const cacheReads: string[] = [];
  const server = {
    /** Sources whose first build is still running. */
    building: new Set<string>(),
    broken: new Set<string>(),
    checksumCalls: [] as IndexChecksumsRequest[],
    /** Delta segments on top of a source's artifact (ADR 020). */
    deltas: {} as Record<string, BuiltArtifact>,
    /** Head segments: a source's best-ranked documents, searched while its artifact downloads. */
    heads: {} as Record<string, BuiltArtifact>,
    /** Artifacts (not other segments) are served once this settles. */
    artifactsHeld: Promise.resolve(),
  };
  const worker = createSearchWorkerApi({
    cache: {
      get: async (name) => {
        cacheReads.push(name);
        return cache.get(name);
      },
      put: async (name, artifact) => void cache.set(name, artifact),
      delete: async (name) => void cache.delete(name),
    },
    fetch: (async (input: RequestInfo | URL) => {
      const served = Object.keys(artifacts).flatMap((n) =>
        [artifacts[n]!, server.deltas[n], server.heads[n]].flatMap((a) =>
          a && String(input) === apiPaths.searchIndexArtifact(n, a.crc32c) ? [{ name: n, artifact: a }] : [],
        ),
      )[0];
      if (served && served.artifact === artifacts[served.name]) await server.artifactsHeld;
      if (!served || server.broken.has(served.name)) return new Response(null, { status: 404 });
      return new Response(served.artifact.bytes as Uint8Array<ArrayBuffer>);
    }) as typeof fetch,
  });
  const store = createSearchLoadStore();
  const errors: [string, string | undefined][] = [];
  const overallSeen: string[] = [];
  store.subscribe(() => {
    if (overallSeen.at(-1) !== store.getSnapshot().overall) overallSeen.push(store.getSnapshot().overall);
  });
  const deps: SearchIndexDeps = {
    store,
    worker,
    fetchChecksums: async (request) => {
      server.checksumCalls.push(request);
      const answer: IndexChecksumsResponse = {};
      for (const name of request.dataSources ?? []) {
        answer[name] = server.building.has(name)
          ? { state: 'preparing', crc32c: null }
          : {
              state: 'ready',
              crc32c: artifacts[name]!.crc32c,
              size: 1,
              ...(server.deltas[name] && {
                delta: { crc32c: server.deltas[name].crc32c, size: 1, documentCount: 1 },
              }),
              ...(server.heads[name] && {
                head: { crc32c: server.heads[name].crc32c, size: 1, documentCount: 1 },
              }),
            };
      }
      return answer;
    },
    logError: (message, _error, source) => void errors.push([message, source]),
    wait: async () => {
      server.building.clear();
    },
  };
  const client = new QueryClient();
  const load = (signedIn: boolean, with_: Partial<SearchIndexDeps> = {}) =>
    reloadSearchIndexes(client, dataSources, signedIn, { ...deps, ...with_ });
  return { deps, store, cache, cacheReads, server, errors, overallSeen, artifacts, client, load };
}

/** What a screen's useQuery does: take the last load, join the running one, or start one. */
function observe(client: QueryClient, signedIn: boolean, deps: SearchIndexDeps) {
  const observer = new QueryObserver(client, searchIndexesQuery(dataSources, signedIn, deps));
  const stop = observer.subscribe(() => {});
  return { done: () => vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false)), stop };
}

/** A search any loaded index answers: every document, by rank. */
const anything: SearchRequest = { limit: 10, threshold: 0, where: {}, boost: {} };

const states = (store: SearchLoadStore) =>
  Object.fromEntries(Object.entries(store.getSnapshot().sources).map(([name, load]) => [name, load.state]));

describe('search index loads', () => {
  it('a delta on top of a loaded source is fetched alone, the source searchable throughout, and kept searchable when it fails', async () => {
    const { deps, store, server, errors, load } = await setup();
    await load(false);
    const search = async (term: string) => {
      const result = await deps.worker.searchIndex('rivers', {
        term,
        limit: 10,
        threshold: 0,
        where: {},
        boost: {},
      });
      return result === 'error' ? result : result.hits.map((hit) => hit.document.name);
    };
    expect(await search('seine')).toEqual(['Seine']);
    server.deltas.rivers = await buildArtifact(
      dataSources.rivers!,
      recordsToIndexDocuments(dataSources.rivers!, [{ id: 'r2', name: 'La Seine', kind: 'short', size: 1 }]),
      undefined,
      ['r2'],
    );
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot().sources.rivers!.state));

    server.broken.add('rivers');
    await load(false);
    expect(seen.filter((state) => state !== 'loaded')).toEqual([]);
    expect(store.getSnapshot().sources.rivers!.deltaCrc32c).toBeUndefined();
    expect(errors).toEqual([['A search index could not be loaded', 'rivers']]);
    expect(await search('seine')).toEqual(['Seine']);

    server.broken.clear();
    await load(false);
    unsubscribe();
    expect(seen.filter((state) => state !== 'loaded')).toEqual([]);
    expect(store.getSnapshot().sources.rivers).toMatchObject({
      state: 'loaded',
      from: 'network',
      deltaCrc32c: server.deltas.rivers.crc32c,
    });
    expect(await search('seine')).toEqual(['La Seine']);
  });

  it('the same load asked for twice at once (route loader and screen) is one load; a later one asks again', async () => {
    const { store, server, load } = await setup();
    await Promise.all([load(false), load(false)]);
    expect(server.checksumCalls).toHaveLength(1);
    expect(states(store)).toEqual({ rivers: 'loaded' });
    await load(false);
    expect(server.checksumCalls).toHaveLength(2);
  });

  it('prepareSearchIndexes restores the cache at once, loads once sign-in is known, and drops what the caller may not see', async () => {
    const { deps, store, cache, cacheReads, server, artifacts, client } = await setup();
    for (const name of ['rivers', 'mountains']) {
      cache.set(name, { crc32c: artifacts[name]!.crc32c, bytes: artifacts[name]!.bytes });
    }
    let answer: (signedIn: boolean) => void = () => {};
    prepareSearchIndexes(client, dataSources, new Promise((resolve) => (answer = resolve)), deps);
    // Both cached copies are being restored before sign-in is known, and the server was not asked.
    await vi.waitFor(() =>
      expect(cacheReads.toSorted()).toEqual(['mountains', 'mountains+derived', 'rivers', 'rivers+derived']),
    );
    expect(server.checksumCalls).toEqual([]);
    answer(false);
    await vi.waitFor(() => expect(states(store)).toEqual({ rivers: 'loaded' }));
    expect(store.getSnapshot().sources.rivers).toMatchObject({ from: 'cache' });
    expect(cache.has('mountains')).toBe(false);
    expect(await deps.worker.searchIndex('mountains', anything)).toBe('error');
  });

  it('a screen joins the load its route prepared, running or finished; the next navigation asks again', async () => {
    const { deps, store, server, client } = await setup();
    prepareSearchIndexes(client, dataSources, Promise.resolve(false), deps);
    const joining = observe(client, false, deps);
    await joining.done();
    expect(states(store)).toEqual({ rivers: 'loaded' });
    const late = observe(client, false, deps);
    await late.done();
    expect(server.checksumCalls).toHaveLength(1);
    joining.stop();
    late.stop();
    prepareSearchIndexes(client, dataSources, Promise.resolve(false), deps);
    await vi.waitFor(() => expect(server.checksumCalls).toHaveLength(2));
  });

  it('a load for the other signed-in state makes the last one stale: signing in again loads again', async () => {
    const { deps, store, server, client, load } = await setup();
    await load(true);
    await load(false);
    expect(states(store)).toEqual({ rivers: 'loaded' });
    const screen = observe(client, true, deps);
    await screen.done();
    screen.stop();
    expect(server.checksumCalls).toHaveLength(3);
    expect(states(store)).toEqual({ rivers: 'loaded', mountains: 'loaded' });
  });

  it('a load superseded by one for the other signed-in state leaves the load states to it, and drops what it loaded too late', async () => {
    const { deps, store, cache, load } = await setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const signedIn = load(true, {
      worker: {
        ...deps.worker,
        loadIndex: async (...args) => {
          await held;
          return deps.worker.loadIndex(...args);
        },
      },
    });
    await vi.waitFor(() => expect(states(store)).toEqual({ rivers: 'loading', mountains: 'loading' }));
    await load(false);
    release();
    await signedIn;
    expect(states(store)).toEqual({ rivers: 'loaded' });
    // The worker caches a download once it has answered its first search: rivers comes, mountains
    // is gone for good.
    await deps.worker.searchIndex('rivers', anything);
    await vi.waitFor(() => expect([...cache.keys()].sort()).toEqual(['rivers', 'rivers+derived']));
    expect(await deps.worker.searchIndex('mountains', anything)).toBe('error');
  });

  it('a signed-in load whose checksums arrive after the sign-out load began writes no state', async () => {
    // A sign-out refetches every active query first: the signed-in load then asks without a session,
    // and the server leaves the protected source out of its answer.
    const { deps, store, load } = await setup();
    await load(true);
    let answer = () => {};
    const asked = new Promise<void>((resolve) => (answer = resolve));
    const signedIn = load(true, {
      fetchChecksums: async (request) => {
        await asked;
        const all = await deps.fetchChecksums(request);
        return { rivers: all.rivers! };
      },
    });
    await load(false);
    answer();
    await signedIn;
    expect(states(store)).toEqual({ rivers: 'loaded' });
  });

  it('dropping a protected index forgets the cached search results with it', async () => {
    const { client, load } = await setup();
    await load(true);
    client.setQueryData([...searchQueryKeys.results, 'säntis'], { hits: [] });
    await load(true);
    expect(client.getQueriesData({ queryKey: searchQueryKeys.results })).toHaveLength(1);
    await load(false);
    expect(client.getQueriesData({ queryKey: searchQueryKeys.results })).toEqual([]);
  });

  it('loads the public sources for an anonymous caller, all of them once signed in, and drops the protected on sign-out', async () => {
    const { deps, store, cache, overallSeen, load } = await setup();
    expect(store.getSnapshot().overall).toBe('unloaded');
    await load(false);
    expect(states(store)).toEqual({ rivers: 'loaded' });
    expect(overallSeen).toEqual(['loading', 'loaded']);
    expect(store.getSnapshot().sources.rivers).toMatchObject({ from: 'network', size: 1 });

    await load(true);
    expect(states(store)).toEqual({ rivers: 'loaded', mountains: 'loaded' });
    for (const name of ['rivers', 'mountains']) await deps.worker.searchIndex(name, anything);
    await vi.waitFor(() =>
      expect([...cache.keys()].sort()).toEqual([
        'mountains',
        'mountains+derived',
        'rivers',
        'rivers+derived',
      ]),
    );

    await load(false);
    expect(states(store)).toEqual({ rivers: 'loaded' });
    expect([...cache.keys()].sort()).toEqual(['rivers', 'rivers+derived']);
    expect(await deps.worker.searchIndex('mountains', anything)).toBe('error');
  });

  it('shows a source as preparing while the server builds its first index, and loads it once built', async () => {
    const { deps, store, server, errors, load } = await setup();
    server.building.add('rivers');
    const whileBuilding: unknown[] = [];
    await load(false, {
      wait: async (ms: number) => {
        whileBuilding.push(store.getSnapshot().sources.rivers);
        await deps.wait(ms);
      },
    });
    expect(whileBuilding).toEqual([{ state: 'loading', preparing: true }]);
    expect(server.checksumCalls.map((c) => c.dataSources)).toEqual([['rivers'], ['rivers']]);
    expect(server.checksumCalls[1]!.dataSourceLoadStates).toEqual({ rivers: 'loading' });
    expect(states(store)).toEqual({ rivers: 'loaded' });
    expect(store.getSnapshot().sources.rivers!.preparing).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('marks a source that fails to load as error and logs it; the others load', async () => {
    const { store, server, errors, overallSeen, load } = await setup();
    server.broken.add('mountains');
    await load(true);
    expect(states(store)).toEqual({ rivers: 'loaded', mountains: 'error' });
    expect(store.getSnapshot().overall).toBe('loaded');
    expect(overallSeen.at(-1)).toBe('loaded');
    expect(errors).toEqual([['A search index could not be loaded', 'mountains']]);
  });

  it('marks every source as error when the checksums cannot be fetched', async () => {
    const { store, errors, load } = await setup();
    await load(true, {
      fetchChecksums: async () => {
        throw new Error('offline');
      },
    });
    expect(states(store)).toEqual({ rivers: 'error', mountains: 'error' });
    expect(errors).toEqual([['Could not ask which search indexes are current', undefined]]);
  });

  it('keeps loaded sources searchable when a later checksum call fails (offline)', async () => {
    const { deps, store, load } = await setup();
    await load(false);
    const offline = {
      ...deps,
      fetchChecksums: async () => {
        throw new Error('offline');
      },
    };
    await load(true, offline);
    expect(states(store)).toEqual({ rivers: 'loaded', mountains: 'error' });
    const result = await searchSources(dataSources, { term: 'seine' }, deps);
    expect(result.hits.map((hit) => hit.id)).toEqual(['r2']);
  });

  it("searches a source's head while its artifact downloads, then the whole index", async () => {
    const { deps, store, load, server } = await setup();
    const rivers = dataSources.rivers!;
    server.heads.rivers = await buildArtifact(rivers, recordsToIndexDocuments(rivers, [records.rivers[0]!]));
    const artifactsHeld = deferred<void>();
    server.artifactsHeld = artifactsHeld.promise;
    const loading = load(false);
    await vi.waitFor(() =>
      expect(store.getSnapshot().sources.rivers).toMatchObject({ state: 'loading', firstSearchable: 1 }),
    );
    const ids = async () => (await searchSources(dataSources, { term: 's' }, deps)).hits.map((hit) => hit.id);
    expect(await ids()).toEqual(['r1']);

    artifactsHeld.resolve();
    await loading;
    expect(store.getSnapshot().sources.rivers).toMatchObject({ state: 'loaded' });
    expect(store.getSnapshot().sources.rivers).not.toHaveProperty('firstSearchable');
    expect(await ids()).toEqual(['r1', 'r2']);
  });

  it('keeps a source loaded when its last progress report arrives after the result', async () => {
    const { deps, store, load } = await setup();
    const late: (() => void)[] = [];
    const worker: SearchIndexDeps['worker'] = {
      ...deps.worker,
      async loadIndex(name, algorithm, crc32c, onProgress) {
        const result = await deps.worker.loadIndex(name, algorithm, crc32c);
        late.push(() => void onProgress?.(1, 1)); // delivered over another port, after the result
        return result;
      },
    };
    await load(false, { worker });
    for (const report of late) report();
    expect(states(store)).toEqual({ rivers: 'loaded' });
  });

  it('keeps how much of a download has arrived apart from the source, until it is loaded', async () => {
    const { deps, store, load } = await setup();
    const during: unknown[] = [];
    const worker: SearchIndexDeps['worker'] = {
      ...deps.worker,
      async loadIndex(name, algorithm, crc32c, onProgress) {
        const source = store.getSnapshot().sources[name];
        onProgress?.(10, 20);
        during.push(store.getSnapshot().downloaded, store.getSnapshot().sources[name] === source);
        return deps.worker.loadIndex(name, algorithm, crc32c);
      },
    };
    await load(false, { worker });
    expect(during).toEqual([{ rivers: 10 }, true]);
    expect(store.getSnapshot().downloaded).toEqual({});
  });

  it('asks again for the checksums of exactly the visible sources, quietly, loading nothing', async () => {
    const asked: IndexChecksumsRequest[] = [];
    const fetchChecksums = async (request: IndexChecksumsRequest) => {
      asked.push(request);
      throw new Error('offline');
    };
    const client = new QueryClient();
    await askChecksumsAgain(client, dataSources, false, { fetchChecksums });
    await askChecksumsAgain(client, dataSources, true, { fetchChecksums });
    expect(asked).toEqual([{ dataSources: ['rivers'] }, { dataSources: ['rivers', 'mountains'] }]);
  });
});

describe('searchSources', () => {
  it('merges hits of the loaded sources by score, restricted to the chosen data types', async () => {
    const { deps, load } = await setup();
    await load(true);
    const all = await searchSources(dataSources, { term: 's', facets: true }, deps);
    expect(all.hits.map((h) => [h.document.name, h.dataType]).sort()).toEqual([
      ['Saint Lawrence', 'river'],
      ['Seine', 'river'],
      ['Säntis', 'mountain'],
    ]);
    const scores = all.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(all.sources.rivers).toEqual({
      dataType: 'river',
      count: 2,
      limited: false,
      facets: { kind: { long: 1, short: 1 } },
      histograms: {},
    });
    expect(all.limited).toBe(false);
    const rivers = await searchSources(
      dataSources,
      { term: 's', dataTypes: ['river'], filters: { kind: ['short'] } },
      deps,
    );
    expect(rivers.hits.map((h) => h.document.name)).toEqual(['Seine']);
    expect(Object.keys(rivers.sources)).toEqual(['rivers']);
  });

  it('skips and logs a source whose search fails, and raises the searching flag meanwhile', async () => {
    const { deps, store, errors, load } = await setup();
    await load(true);
    const flags: boolean[] = [];
    store.subscribe(() => flags.push(store.getSnapshot().searching));
    const failing = {
      ...deps,
      worker: {
        ...deps.worker,
        searchIndex: async (name: string, request: Parameters<typeof deps.worker.searchIndex>[1]) =>
          name === 'mountains' ? ('error' as const) : deps.worker.searchIndex(name, request),
      },
    };
    const result = await searchSources(dataSources, { term: 'seine' }, failing);
    expect(result.sources.mountains).toBe('error');
    expect(result.hits.map((h) => h.document.name)).toEqual(['Seine']);
    expect(errors).toEqual([['A search failed on one source; it is skipped', 'mountains']]);
    expect(flags).toEqual([true, false]);
  });

  it('runs only with text or a chip, once indexes are not unloaded', () => {
    expect(canSearch('  ', [], 'loaded')).toBe(false);
    expect(canSearch('paris', [], 'unloaded')).toBe(false);
    expect(canSearch('paris', [], 'loading')).toBe(true);
    expect(canSearch(undefined, ['city'], 'loaded')).toBe(true);
  });
});
