// The worker's operations in Node, with IndexedDB from fake-indexeddb and a stand-in server.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiPaths } from '#shared/api-paths';
import type { DataSourceConfig } from '#shared/app-config';
import {
  type BuiltArtifact,
  buildArtifact,
  inflateArtifact,
  parseArtifact,
} from '#shared/search/index-artifact';
import { recordsToIndexDocuments } from '#shared/search/index-input';
import { buildSearchRequest } from '#shared/search/search-request';
import type { SearchIndexResult } from '#shared/search/search-types';
import { DERIVED_FORMAT } from '#shared/search/sift/derived';
import { siftEngine } from '#shared/search/sift-engine';
import { deferred } from '#tests/support/deferred';
import { deltaCacheKey, derivedCacheKey, sourceCacheKeys } from './artifact-cache-keys';
import { indexedDbArtifactCache } from './indexed-db-artifact-cache';
import { keptChecksum } from './kept-checksum';
import {
  type CachedArtifact,
  type CachedDerived,
  ChecksumMismatchError,
  createSearchWorkerApi,
  type SearchWorkerApi,
} from './search-worker-api';

const places: DataSourceConfig = {
  dataType: 'place',
  algorithm: 'sift',
  protected: false,
  keyProperty: 'id',
  titleProperty: 'name',
  descriptionProperties: [],
  searchProperties: { name: 'text' },
  indexedProperties: { country: 'enum' },
  filters: { country: 'country' },
  boostProperties: {},
  lookups: {},
  sortOptions: [],
  rank: { property: 'population', scale: 'log10' },
};
const records = [
  { id: '1', name: 'Zürich', country: 'CH', population: 341730 },
  { id: '2', name: 'São Paulo', country: 'BR', population: 10021295 },
  { id: '3', name: 'Saint-Denis', country: 'RE', population: 137195 },
  { id: '4', name: 'القاهرة', country: 'EG', population: 7734614 },
];
const built = await buildArtifact(places, recordsToIndexDocuments(places, records));
const raw = await inflateArtifact(built.bytes);
/** The source's two best-ranked places as its head segment. */
const head = await buildArtifact(places, recordsToIndexDocuments(places, [records[1]!, records[3]!]));

/** The cache entry a download of `built` leaves: its decompressed bytes (`bytes` when given instead) and their checksum. */
const keptEntry = async (bytes = raw) => ({
  crc32c: built.crc32c,
  size: built.bytes.length,
  raw: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  digest: keptChecksum(raw),
});
/** The decompressed bytes cached under `key`, once the write a download started is done. */
const keptBytes = (key: string) =>
  vi.waitFor(async () => {
    const entry = await indexedDbArtifactCache().get(key);
    if (!entry || !('raw' in entry)) throw new Error(`nothing kept under ${key} yet`);
    return new Uint8Array(await entry.raw.arrayBuffer());
  });
/** What the engine derives from `bytes` (artifact bytes, decompressed) once opened. */
const derivedFrom = async (bytes: Uint8Array) => {
  const { spec, payload } = parseArtifact(bytes.slice());
  return siftEngine.derive!(await siftEngine.restore(spec, payload)) as Uint8Array<ArrayBuffer>;
};
/** What a load leaves beside the artifact it cached: `derived` (raw's when not given) and its checksum. */
const derivedEntry = async (derived?: Uint8Array): Promise<CachedDerived> => {
  const bytes = derived ?? (await derivedFrom(raw));
  return {
    crc32c: built.crc32c,
    of: keptChecksum(raw),
    derived: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    digest: keptChecksum(bytes),
  };
};
/** The derived arrays cached beside `key`, once the write a load started is done. */
const keptDerived = (key: string) =>
  vi.waitFor(async () => {
    const entry = await indexedDbArtifactCache().get(derivedCacheKey(key));
    if (!entry || !('derived' in entry)) throw new Error(`nothing derived kept for ${key} yet`);
    return { ...entry, bytes: new Uint8Array(await entry.derived.arrayBuffer()) };
  });
const sha256 = async (bytes: Uint8Array) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)).toString('hex');
/** A Blob of `bytes` whose file is gone, as the browser hands one back. */
const unreadable = (bytes: Uint8Array): Blob => {
  const gone = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  gone.arrayBuffer = () => Promise.reject(new DOMException('The file is gone', 'NotReadableError'));
  return gone;
};
const flipped = (bytes: Uint8Array) => {
  const copy = bytes.slice();
  copy[copy.length >> 1]! ^= 0xff;
  return copy;
};

/** A stand-in for the server: serves the artifact at its URL, or what `body` says. */
function server(body: (bytes: Uint8Array) => Uint8Array = (bytes) => bytes) {
  const requests: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    requests.push(String(input));
    if (String(input) !== apiPaths.searchIndexArtifact('places', built.crc32c))
      return new Response(null, { status: 404 });
    const bytes = body(built.bytes);
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'Content-Length': String(bytes.length) },
    });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const names = (result: SearchIndexResult | 'error') =>
  result === 'error' ? result : result.hits.map((h) => h.document.name);
const search = (term: string) => buildSearchRequest(places, term);

const made: SearchWorkerApi[] = [];

/** The worker's operations, dropped after the test: a cache write one test leaves under way lands in none after it. */
function workerApi(deps: Parameters<typeof createSearchWorkerApi>[0]): SearchWorkerApi {
  const api = createSearchWorkerApi(deps);
  made.push(api);
  return api;
}

afterEach(async () => {
  await Promise.all(made.splice(0).map((api) => api.dropIndex('places')));
});

describe('search worker', () => {
  beforeEach(async () => {
    for (const key of sourceCacheKeys('places')) await indexedDbArtifactCache().delete(key);
  });

  it('takes a delta segment on top of the index, downloading only it, and keeps it offline', async () => {
    // Zürich renamed, Saint-Denis removed, Lyon added.
    const delta = await buildArtifact(
      places,
      recordsToIndexDocuments(places, [
        { id: '1', name: 'Zurich (Stadt)', country: 'CH', population: 341730 },
        { id: '5', name: 'Lyon', country: 'FR', population: 522969 },
      ]),
      undefined,
      ['1', '3', '5'],
    );
    const requests: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      requests.push(String(input));
      const artifact = [built, delta].find(
        (a) => String(input) === apiPaths.searchIndexArtifact('places', a.crc32c),
      );
      return artifact
        ? new Response(artifact.bytes as Uint8Array<ArrayBuffer>)
        : new Response(null, { status: 404 });
    }) as typeof globalThis.fetch;
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch });
    await api.loadIndex('places', 'sift', built.crc32c);
    expect(names(await api.searchIndex('places', search('saint')))).toEqual(['Saint-Denis']);

    requests.length = 0;
    expect(await api.loadIndex('places', 'sift', built.crc32c, undefined, { crc32c: delta.crc32c })).toEqual({
      from: 'network',
      bytes: built.bytes.length + delta.bytes.length,
      documentCount: 4,
    });
    expect(requests).toEqual([apiPaths.searchIndexArtifact('places', delta.crc32c)]);
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zurich (Stadt)']);
    expect(names(await api.searchIndex('places', search('saint')))).toEqual([]);
    expect(names(await api.searchIndex('places', search('lyon')))).toEqual(['Lyon']);
    expect(api.getDocument('places', '3')).toBeUndefined();

    // A later page load, offline: both segments come from the cache.
    await keptBytes('places');
    await keptBytes(deltaCacheKey('places'));
    const offline = workerApi({
      cache: indexedDbArtifactCache(),
      fetch: () => Promise.reject(new TypeError('offline')),
    });
    expect(
      await offline.loadIndex('places', 'sift', built.crc32c, undefined, { crc32c: delta.crc32c }),
    ).toMatchObject({ from: 'cache', documentCount: 4 });
    expect(names(await offline.searchIndex('places', search('lyon')))).toEqual(['Lyon']);

    // A new artifact with every change in it: the delta is let go, in memory and in the cache.
    await offline.loadIndex('places', 'sift', built.crc32c);
    expect(names(await offline.searchIndex('places', search('saint')))).toEqual(['Saint-Denis']);
    expect(await indexedDbArtifactCache().get(deltaCacheKey('places'))).toBeUndefined();
  });

  it('reports download progress at most every 100 ms, and at the end', async () => {
    const chunkSize = 16;
    const chunks = Math.ceil(built.bytes.length / chunkSize);
    const fetch = (async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (let at = 0; at < built.bytes.length; at += chunkSize)
              controller.enqueue(built.bytes.slice(at, at + chunkSize));
            controller.close();
          },
        }),
        { headers: { 'Content-Length': String(built.bytes.length) } },
      )) as typeof globalThis.fetch;
    // Each chunk arrives 10 ms after the one before.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    onTestFinished(() => now.mockRestore());
    const progress: number[] = [];
    await workerApi({ cache: indexedDbArtifactCache(), fetch }).loadIndex(
      'places',
      'sift',
      built.crc32c,
      (done) => progress.push(done),
    );
    expect(chunks).toBeGreaterThan(30);
    expect(progress).toHaveLength(Math.ceil(chunks / 10) + (chunks % 10 === 1 ? 0 : 1));
    expect(progress[0]).toBe(chunkSize);
    expect(progress.at(-1)).toBe(built.bytes.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('downloads an index, verifies and caches it decompressed; after a reload it comes from the cache', async () => {
    const first = server();
    const progress: [number, number | undefined][] = [];
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: first.fetch });
    const loaded = await api.loadIndex('places', 'sift', built.crc32c, (done, total) =>
      progress.push([done, total]),
    );
    expect(loaded).toEqual({ from: 'network', bytes: built.bytes.length, documentCount: 4 });
    expect(progress.at(-1)).toEqual([built.bytes.length, built.bytes.length]);
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
    expect(await api.loadIndex('places', 'sift', built.crc32c)).toMatchObject({ from: 'memory' });
    expect(await keptBytes('places')).toEqual(raw);
    expect(await indexedDbArtifactCache().get('places')).toEqual({
      ...(await keptEntry()),
      raw: expect.any(Blob),
    });

    const reloaded = server();
    const again = workerApi({ cache: indexedDbArtifactCache(), fetch: reloaded.fetch });
    expect(await again.loadIndex('places', 'sift', built.crc32c)).toMatchObject({
      from: 'cache',
      documentCount: 4,
    });
    expect(reloaded.requests).toEqual([]);
    expect(names(await again.searchIndex('places', search('sao paulo')))).toEqual(['São Paulo']);
    expect(names(await again.searchIndex('places', search('denis')))).toEqual(['Saint-Denis']);
    expect(names(await again.searchIndex('places', search('قاهرة')))).toEqual(['القاهرة']);
  });

  it('restores a cached index before anyone asks; loadIndex keeps it once its checksum is confirmed', async () => {
    await indexedDbArtifactCache().put('places', { crc32c: built.crc32c, bytes: built.bytes });
    const network = server();
    const cache = indexedDbArtifactCache();
    const read = vi.spyOn(cache, 'get');
    const api = workerApi({ cache, fetch: network.fetch });
    api.restoreCached(['places']);
    // Not searchable until the page confirms the checksum.
    expect(await api.searchIndex('places', search('zurich'))).toBe('error');
    // Once the restore has read the cache (the artifact, and what was derived from it), the artifact
    // goes: loadIndex keeps what was restored.
    expect(read.mock.calls).toEqual([['places'], [derivedCacheKey('places')]]);
    await Promise.all(read.mock.results.map((result) => result.value));
    await indexedDbArtifactCache().delete('places');
    expect(await api.loadIndex('places', 'sift', built.crc32c)).toEqual({
      from: 'cache',
      bytes: built.bytes.length,
      documentCount: 4,
    });
    expect(network.requests).toEqual([]);
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
  });

  it('restores every source the cache holds before the page names its own, and lets go of one it does not have', async () => {
    const cache = indexedDbArtifactCache();
    for (const key of ['places', 'gone']) await cache.put(key, { crc32c: built.crc32c, bytes: built.bytes });
    const read = vi.spyOn(cache, 'get');
    const network = server();
    const api = workerApi({ cache, fetch: network.fetch });
    api.restoreCached();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(4));
    expect(read.mock.calls.flat().sort()).toEqual(
      ['gone', 'places'].flatMap((key) => [key, derivedCacheKey(key)]).sort(),
    );
    await Promise.all(read.mock.results.map((result) => result.value));
    api.restoreCached(['places']);
    // Only what was restored can answer now.
    for (const key of ['places', 'gone']) await cache.delete(key);
    expect(await api.loadIndex('places', 'sift', built.crc32c)).toMatchObject({ from: 'cache' });
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
    await expect(api.loadIndex('gone', 'sift', built.crc32c)).rejects.toThrow(/HTTP 404/);
    expect(network.requests).toEqual([apiPaths.searchIndexArtifact('gone', built.crc32c)]);
  });

  it('lets a restored index go when the server has a newer one, and forgets it on drop', async () => {
    const older = await buildArtifact(places, recordsToIndexDocuments(places, records.slice(0, 1)));
    await indexedDbArtifactCache().put('places', { crc32c: older.crc32c, bytes: older.bytes });
    const network = server();
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: network.fetch });
    api.restoreCached(['places']);
    expect(await api.loadIndex('places', 'sift', built.crc32c)).toMatchObject({
      from: 'network',
      documentCount: 4,
    });
    expect(names(await api.searchIndex('places', search('sao paulo')))).toEqual(['São Paulo']);

    // Dropped while being restored (signed out, say): a later load cannot pick it up.
    await indexedDbArtifactCache().put('places', { crc32c: older.crc32c, bytes: older.bytes });
    const next = workerApi({ cache: indexedDbArtifactCache(), fetch: server().fetch });
    next.restoreCached(['places']);
    await next.dropIndex('places');
    await expect(next.loadIndex('places', 'sift', older.crc32c)).rejects.toThrow(/HTTP 404/);
  });

  it('refuses a download whose crc32c does not match, caches nothing, and succeeds once the bytes are right', async () => {
    const corrupt = server((bytes) => {
      const copy = bytes.slice();
      copy[copy.length >> 1]! ^= 0xff;
      return copy;
    });
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: corrupt.fetch });
    await expect(api.loadIndex('places', 'sift', built.crc32c)).rejects.toThrow(ChecksumMismatchError);
    expect(await indexedDbArtifactCache().get('places')).toBeUndefined();
    expect(await api.searchIndex('places', search('zurich'))).toBe('error');

    const healthy = workerApi({ cache: indexedDbArtifactCache(), fetch: server().fetch });
    expect(await healthy.loadIndex('places', 'sift', built.crc32c)).toMatchObject({ from: 'network' });
  });

  it('opens a cached copy as downloaded (gzip bytes checked by their crc32c), offline too', async () => {
    await indexedDbArtifactCache().put('places', { crc32c: built.crc32c, bytes: built.bytes });
    const offline = workerApi({
      cache: indexedDbArtifactCache(),
      fetch: () => Promise.reject(new TypeError('offline')),
    });
    expect(await offline.loadIndex('places', 'sift', built.crc32c)).toEqual({
      from: 'cache',
      bytes: built.bytes.length,
      documentCount: 4,
    });
    expect(names(await offline.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
  });

  it.each<[string, () => Promise<unknown>]>([
    ['a changed byte', () => keptEntry(flipped(raw))],
    ['part of its bytes', () => keptEntry(raw.slice(0, raw.length >> 1))],
    ['no checksum', async () => ({ ...(await keptEntry()), digest: undefined })],
    ['their SHA-256 (an older form)', async () => ({ ...(await keptEntry()), digest: await sha256(raw) })],
    ['no bytes', async () => ({ ...(await keptEntry()), raw: undefined })],
    ['a changed byte, as downloaded', async () => ({ crc32c: built.crc32c, bytes: flipped(built.bytes) })],
    [
      'part of its bytes, as downloaded',
      async () => ({ crc32c: built.crc32c, bytes: built.bytes.slice(0, 100) }),
    ],
  ])('downloads again when the cached copy has %s, and keeps the download', async (_, entry) => {
    await indexedDbArtifactCache().put('places', (await entry()) as CachedArtifact);
    const network = server();
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: network.fetch });
    expect(await api.loadIndex('places', 'sift', built.crc32c)).toMatchObject({ from: 'network' });
    expect(network.requests).toHaveLength(1);
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
    expect(await keptBytes('places')).toEqual(raw);
  });

  it('caches a download without holding up its load, and a drop waits for that write', async () => {
    const cache = indexedDbArtifactCache();
    const put = cache.put;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(cache, 'put').mockImplementation(async (key, entry) => {
      await released;
      await put(key, entry);
    });
    const api = workerApi({ cache, fetch: server().fetch });
    expect(await api.loadIndex('places', 'sift', built.crc32c)).toMatchObject({ from: 'network' });
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
    // Signed out while the write is under way: it must not land after the removal.
    const dropped = api.dropIndex('places');
    release();
    await dropped;
    expect(await indexedDbArtifactCache().get('places')).toBeUndefined();
  });

  it('downloads again when the browser cannot read the cached bytes back', async () => {
    const cache = indexedDbArtifactCache();
    vi.spyOn(cache, 'get').mockResolvedValueOnce({ ...(await keptEntry()), raw: unreadable(raw) });
    const network = server();
    const api = workerApi({ cache, fetch: network.fetch });
    expect(await api.loadIndex('places', 'sift', built.crc32c)).toMatchObject({ from: 'network' });
    expect(network.requests).toHaveLength(1);
  });

  it('fails on an unknown checksum or an algorithm the artifact was not built for', async () => {
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: server().fetch });
    await expect(api.loadIndex('places', 'sift', built.crc32c + 1)).rejects.toThrow(/HTTP 404/);
    const documents = recordsToIndexDocuments(places, records);
    const other = await buildArtifact(places, documents, { ...siftEngine, algorithm: 'other' });
    await indexedDbArtifactCache().put('places', { crc32c: other.crc32c, bytes: other.bytes });
    await expect(api.loadIndex('places', 'sift', other.crc32c)).rejects.toThrow(/built for other, not sift/);
  });

  it('builds an index from raw records, finds documents by id, and drops indexes from memory and cache', async () => {
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: server().fetch });
    expect(await api.addIndex('more', places, records)).toEqual({
      from: 'memory',
      bytes: 0,
      documentCount: 4,
    });
    const result = await api.searchIndex(
      'more',
      buildSearchRequest(places, undefined, { country: ['CH', 'BR'] }),
    );
    // Without words, every match scores 1 × (1 + rank/10): the larger city first.
    expect(names(result)).toEqual(['São Paulo', 'Zürich']);
    expect(result !== 'error' && result.hits[0]).toMatchObject({ id: '2', dataType: 'place' });
    expect(result !== 'error' && result.hits[0]!.score).toBeCloseTo(1 + Math.log10(10021296) / 10, 3);
    expect(api.getDocument('more', '4')?.name).toBe('القاهرة');

    await api.loadIndex('places', 'sift', built.crc32c);
    await api.dropIndex('places');
    expect(await api.searchIndex('places', search('zurich'))).toBe('error');
    expect(await indexedDbArtifactCache().get('places')).toBeUndefined();
  });

  it('caches a download once it has answered its first search, or a second after its load; nothing once dropped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const cache = indexedDbArtifactCache();
    const put = vi.spyOn(cache, 'put');
    const written = () => put.mock.calls.map(([key]) => key).sort();
    const api = workerApi({ cache, fetch: server().fetch });
    await api.loadIndex('places', 'sift', built.crc32c);
    await vi.advanceTimersByTimeAsync(500);
    expect(written()).toEqual([]);
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
    await vi.advanceTimersByTimeAsync(10);
    expect(written()).toEqual(['places', derivedCacheKey('places')]);
    await api.dropIndex('places');

    // No search: a second after the load.
    put.mockClear();
    await api.loadIndex('places', 'sift', built.crc32c);
    await vi.advanceTimersByTimeAsync(999);
    expect(written()).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(written()).toEqual(['places', derivedCacheKey('places')]);
    await api.dropIndex('places');

    // Dropped first (signed out): nothing is written after.
    put.mockClear();
    await api.loadIndex('places', 'sift', built.crc32c);
    await api.dropIndex('places');
    await vi.advanceTimersByTimeAsync(2000);
    expect(written()).toEqual([]);
  });

  it('keeps what the engine derived beside a download; a reload opens with it, deriving nothing', async () => {
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: server().fetch });
    await api.loadIndex('places', 'sift', built.crc32c);
    await api.searchIndex('places', search('zurich'));
    const kept = await keptDerived('places');
    expect(kept).toMatchObject({ crc32c: built.crc32c, of: keptChecksum(raw) });
    expect(kept.digest).toBe(keptChecksum(kept.bytes));
    expect(kept.bytes).toEqual(await derivedFrom(raw));

    const derive = vi.spyOn(siftEngine, 'derive');
    try {
      const offline = workerApi({
        cache: indexedDbArtifactCache(),
        fetch: () => Promise.reject(new TypeError('offline')),
      });
      expect(await offline.loadIndex('places', 'sift', built.crc32c)).toMatchObject({ from: 'cache' });
      expect(names(await offline.searchIndex('places', search('sao paulo')))).toEqual(['São Paulo']);
      expect(names(await offline.searchIndex('places', search('cairo')))).toEqual([]);
      expect(names(await offline.searchIndex('places', search('قاهرة')))).toEqual(['القاهرة']);
      expect(offline.getDocument('places', '3')?.name).toBe('Saint-Denis');
      expect(derive).not.toHaveBeenCalled();
    } finally {
      derive.mockRestore();
    }
  });

  it('derives again from a cached artifact kept without its derived arrays, and keeps them', async () => {
    await indexedDbArtifactCache().put('places', await keptEntry());
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: server().fetch });
    expect(await api.loadIndex('places', 'sift', built.crc32c)).toMatchObject({ from: 'cache' });
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
    expect((await keptDerived('places')).bytes).toEqual(await derivedFrom(raw));
  });

  it.each<[string, () => Promise<CachedDerived>]>([
    [
      'a changed byte',
      async () => ({ ...(await derivedEntry()), derived: new Blob([flipped(await derivedFrom(raw))]) }),
    ],
    [
      'part of its bytes',
      async () => {
        const bytes = await derivedFrom(raw);
        return { ...(await derivedEntry()), derived: new Blob([bytes.slice(0, bytes.length >> 1)]) };
      },
    ],
    [
      'bytes that cannot be read back',
      async () => {
        return { ...(await derivedEntry()), derived: unreadable(await derivedFrom(raw)) };
      },
    ],
    [
      'another format',
      async () => {
        // The header opens the pack: {"format":"sift-derived/…", ...; its last letter changed.
        const bytes = await derivedFrom(raw);
        bytes[4 + `{"format":"${DERIVED_FORMAT}`.length - 1] = '_'.charCodeAt(0);
        return derivedEntry(bytes);
      },
    ],
    [
      'arrays of other bytes, with their digest',
      async () => {
        const other = await buildArtifact(places, recordsToIndexDocuments(places, records.slice(0, 2)));
        return derivedEntry(await derivedFrom(await inflateArtifact(other.bytes)));
      },
    ],
    ['arrays of other bytes', async () => ({ ...(await derivedEntry()), of: 'another digest' })],
  ])(
    'derives again, never searching what it took, when the kept derived arrays have %s',
    async (_, entry) => {
      await indexedDbArtifactCache().put('places', await keptEntry());
      await indexedDbArtifactCache().put(derivedCacheKey('places'), await entry());
      const network = server();
      const api = workerApi({ cache: indexedDbArtifactCache(), fetch: network.fetch });
      expect(await api.loadIndex('places', 'sift', built.crc32c)).toMatchObject({ from: 'cache' });
      expect(network.requests).toEqual([]);
      // The rank order and every hit as from the bytes alone.
      expect(names(await api.searchIndex('places', buildSearchRequest(places, undefined)))).toEqual([
        'São Paulo',
        'القاهرة',
        'Zürich',
        'Saint-Denis',
      ]);
      expect(names(await api.searchIndex('places', search('saint denis')))).toEqual(['Saint-Denis']);
      const expected = await derivedFrom(raw);
      await vi.waitFor(async () => expect((await keptDerived('places')).bytes).toEqual(expected));
    },
  );

  it('drops the derived arrays of a source and of its delta with it', async () => {
    const cache = indexedDbArtifactCache();
    const derived = await derivedEntry();
    for (const key of sourceCacheKeys('places'))
      await cache.put(key, key.endsWith('+derived') ? derived : await keptEntry());
    const api = workerApi({ cache, fetch: server().fetch });
    await api.dropIndex('places');
    for (const key of sourceCacheKeys('places')) expect(await cache.get(key)).toBeUndefined();
  });
});

describe('a head segment while the artifact downloads', () => {
  beforeEach(async () => {
    for (const key of sourceCacheKeys('places')) await indexedDbArtifactCache().delete(key);
  });

  /**
   * A stand-in server for `segments` whose answers for the checksums in `held` wait until released
   * (with the segment, or an error when `ok` is false); a request's signal aborts it, as in a browser.
   * Each body's first read is recorded in `events`.
   */
  function gatedServer(segments: BuiltArtifact[], held: number[]) {
    const requests: string[] = [];
    const signals: (AbortSignal | undefined)[] = [];
    /** Each body's first read, in order (`read <crc32c>`). */
    const events: string[] = [];
    const gates = new Map(held.map((crc32c) => [crc32c, deferred<boolean>()]));
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(String(input));
      signals.push(init?.signal ?? undefined);
      const artifact = segments.find(
        (a) => String(input) === apiPaths.searchIndexArtifact('places', a.crc32c),
      );
      const gate = artifact && gates.get(artifact.crc32c);
      init?.signal?.addEventListener('abort', () => gate?.reject(new DOMException('Aborted', 'AbortError')));
      if (!artifact || (await gate?.promise) === false)
        return new Response(null, { status: artifact ? 503 : 404 });
      // A body that says when it is first read.
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            events.push(`read ${artifact.crc32c}`);
            controller.enqueue(artifact.bytes);
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(body as ReadableStream<Uint8Array<ArrayBuffer>>);
    }) as typeof globalThis.fetch;
    const release = (crc32c: number, ok = true) => gates.get(crc32c)!.resolve(ok);
    return { fetch, requests, signals, events, release };
  }

  /**
   * A worker and a server holding the head back, on a clock that stands still but for what the
   * test advances.
   */
  function headHeldOnStillClock() {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const server = gatedServer([built, head], [head.crc32c]);
    return { server, api: workerApi({ cache: indexedDbArtifactCache(), fetch: server.fetch }) };
  }

  /** Once the head's and the artifact's requests are out (a check advances the fake clock by its interval). */
  const bothRequested = (server: { requests: string[] }) =>
    vi.waitFor(() => expect(server.requests).toHaveLength(2), { interval: 1 });

  /** A load on a still clock whose head is open, the artifact's bytes waiting. */
  async function headOpenedOnStillClock() {
    const { server, api } = headHeldOnStillClock();
    const { loading, first } = loadWithHead(api);
    await bothRequested(server);
    server.release(head.crc32c);
    await first;
    return { server, api, loading };
  }

  /** loadIndex with the head offered: the load, the head's document count once searchable, and the callback. */
  function loadWithHead(api: SearchWorkerApi, delta?: BuiltArtifact) {
    const first = deferred<number>();
    const firstResults = vi.fn(first.resolve);
    const loading = api.loadIndex(
      'places',
      'sift',
      built.crc32c,
      undefined,
      delta && { crc32c: delta.crc32c },
      { crc32c: head.crc32c },
      firstResults,
    );
    return { loading, first: first.promise, firstResults };
  }

  it('searches the head until the artifact is in, then the whole index; the head is never cached', async () => {
    const server = gatedServer([built, head], [built.crc32c]);
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: server.fetch });
    const { loading, first } = loadWithHead(api);
    expect(await first).toBe(2);
    expect(names(await api.searchIndex('places', search('paulo')))).toEqual(['São Paulo']);
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual([]);

    server.release(built.crc32c);
    expect(await loading).toEqual({ from: 'network', bytes: built.bytes.length, documentCount: 4 });
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
    await keptDerived('places');
    const cache = indexedDbArtifactCache();
    const kept = await Promise.all((await cache.keys()).map((key) => cache.get(key)));
    expect(kept.map((entry) => entry?.crc32c)).toEqual([built.crc32c, built.crc32c]);
  });

  it('hides from the head what the delta changed', async () => {
    // São Paulo renamed.
    const delta = await buildArtifact(
      places,
      recordsToIndexDocuments(places, [{ ...records[1]!, name: 'Sao Paulo (city)' }]),
      undefined,
      ['2'],
    );
    const server = gatedServer([built, head, delta], [built.crc32c]);
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: server.fetch });
    const { loading, first } = loadWithHead(api, delta);
    expect(await first).toBe(2);
    expect(names(await api.searchIndex('places', search('paulo')))).toEqual(['Sao Paulo (city)']);
    server.release(built.crc32c);
    await loading;
    expect(names(await api.searchIndex('places', search('paulo')))).toEqual(['Sao Paulo (city)']);
    expect(server.requests.filter((url) => url.endsWith(`/${delta.crc32c}`))).toHaveLength(1);
  });

  it('leaves nothing searchable when the artifact fails to download', async () => {
    const server = gatedServer([built, head], [built.crc32c]);
    const api = workerApi({ cache: indexedDbArtifactCache(), fetch: server.fetch });
    const { loading, first } = loadWithHead(api);
    await first;
    server.release(built.crc32c, false);
    await expect(loading).rejects.toThrow('HTTP 503');
    expect(await api.searchIndex('places', search('paulo'))).toBe('error');
  });

  it('reads the artifact once its head has answered its first search', async () => {
    // The clock stands still: only the answer can let the artifact be read.
    const { server, api, loading } = await headOpenedOnStillClock();
    server.events.push('first results');
    expect(names(await api.searchIndex('places', search('paulo')))).toEqual(['São Paulo']);
    server.events.push('answered');
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(server.events).toEqual([
      `read ${head.crc32c}`,
      'first results',
      'answered',
      `read ${built.crc32c}`,
    ]);
  });

  it('reads the artifact half a second after its head opened when no search comes', async () => {
    const { server, loading } = await headOpenedOnStillClock();
    await vi.advanceTimersByTimeAsync(450);
    expect(server.events).toEqual([`read ${head.crc32c}`]);
    await vi.advanceTimersByTimeAsync(50);
    await loading;
    expect(server.events).toEqual([`read ${head.crc32c}`, `read ${built.crc32c}`]);
  });

  it('reads the artifact 3 s on when its head is not open yet, and stops loading the head once the artifact is in', async () => {
    const { server, api } = headHeldOnStillClock();
    const { loading, firstResults } = loadWithHead(api);
    await bothRequested(server);
    await vi.advanceTimersByTimeAsync(2900);
    expect(server.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    await loading;
    expect(server.events).toEqual([`read ${built.crc32c}`]);
    const headRequest = server.requests.indexOf(apiPaths.searchIndexArtifact('places', head.crc32c));
    expect(server.signals[headRequest]?.aborted).toBe(true);
    expect(firstResults).not.toHaveBeenCalled();
    expect(names(await api.searchIndex('places', search('zurich')))).toEqual(['Zürich']);
  });

  it('does not fetch the head when the artifact is cached', async () => {
    await indexedDbArtifactCache().put('places', await keptEntry());
    const server = gatedServer([built, head], []);
    const { loading, firstResults } = loadWithHead(
      workerApi({ cache: indexedDbArtifactCache(), fetch: server.fetch }),
    );
    expect(await loading).toMatchObject({ from: 'cache', documentCount: 4 });
    expect(server.requests).toEqual([]);
    expect(firstResults).not.toHaveBeenCalled();
  });
});
