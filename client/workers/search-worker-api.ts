// What the search worker does (spec §7: loadIndex, addIndex, searchIndex), apart from the worker
// plumbing so that it runs in Node tests too. Indexes live in the worker's memory; their artifacts
// are cached (IndexedDB in the browser) as the engine opens them, with the arrays the engine derived
// from them beside, and only ever used when the checksums they were stored with check out.
import { apiPaths } from '#shared/api-paths';
import type { DataSourceConfig } from '#shared/app-config';
import { crc32c as checksum } from '#shared/crc32c';
import { gunzip } from '#shared/gunzip';
import type { SearchableEngine, SearchEngine } from '#shared/search/engine';
import { engineFor } from '#shared/search/engines';
import { inflateArtifact, parseArtifact, restoreArtifact } from '#shared/search/index-artifact';
import { indexSpec, recordsToIndexDocuments } from '#shared/search/index-input';
import type { TitleSource } from '#shared/search/item-title';
import { correctedQuery, type TitleCompletion, titleCompletions } from '#shared/search/query-help';
import { runSearch } from '#shared/search/run-search';
import type { SearchAlgorithm } from '#shared/search/search-algorithms';
import type { IndexDocument, SearchIndexResult, SearchRequest } from '#shared/search/search-types';
import { segmentedEngine, withDelta } from '#shared/search/segments';
import { deltaCacheKey, derivedCacheKey, sourceCacheKeys, sourceOfCacheKey } from './artifact-cache-keys';
import { keptChecksum, readKept } from './kept-checksum';

/**
 * A cached segment: `crc32c` names the artifact as served. The worker keeps what the engine opens,
 * the decompressed bytes, so that a start does no gunzip: as a Blob, which IndexedDB hands back
 * several times faster than an ArrayBuffer of the same size (docs/performance.md, "Scale"), with
 * their checksum taken when they were stored and checked at every start once read (an entry kept
 * with their SHA-256, an older form, does not match and is downloaded again). An entry holding the
 * artifact as downloaded (gzip `bytes`, checked by their crc32c) is read too: the server render
 * hands its artifacts so, and an entry stored in that form stays usable (offline too) until its
 * source's next artifact replaces it.
 */
export type CachedArtifact = { crc32c: number } & ({ bytes: Uint8Array } | KeptBytes);

interface KeptBytes {
  /** Compressed size. */
  size: number;
  raw: Blob;
  /** kept-checksum.ts's checksum of `raw` (a SHA-256 in an entry of an older form). */
  digest: string;
}

/**
 * What the engine derived from a cached segment's decompressed bytes (`SearchEngine.derive`), kept
 * under derivedCacheKey(its key) so that a start reads and views them instead of computing them
 * (ADR 021). Taken only for the bytes whose checksum is `of`, and when its own `digest` matches.
 */
export interface CachedDerived {
  crc32c: number;
  /** The checksum of the segment's decompressed bytes they were derived from. */
  of: string;
  derived: Blob;
  /** kept-checksum.ts's checksum of `derived`. */
  digest: string;
}

/** An entry of the cache: a segment, or what the engine derived from one. */
export type CacheEntry = CachedArtifact | CachedDerived;
const isArtifact = (entry: CacheEntry | undefined): entry is CachedArtifact =>
  entry !== undefined && !('derived' in entry);

/** A segment's decompressed bytes, checked: what the engine opens. */
interface IntactArtifact {
  crc32c: number;
  /** Compressed size. */
  size: number;
  raw: Uint8Array;
}

/**
 * The decompressed bytes of `cached` when intact, else undefined: gzip bytes are checked by their
 * crc32c before they are inflated; decompressed ones by their checksum, computed once read.
 */
async function readCached(cached: CachedArtifact): Promise<Uint8Array | undefined> {
  if ('bytes' in cached) {
    return checksum(cached.bytes) === cached.crc32c ? inflateArtifact(cached.bytes) : undefined;
  }
  const read = await readKept(cached.raw);
  return read.checksum === cached.digest ? read.bytes : undefined;
}

/** Which derived arrays `readDerived` found for a segment. */
type KeptDerived = { bytes: Uint8Array } | 'none' | 'damaged';

/**
 * The derived arrays kept for `cached`'s bytes when intact (their checksum): 'none' when none are
 * kept for these bytes, 'damaged' when they cannot be read or do not match.
 */
async function readDerived(cached: CachedArtifact, entry: CacheEntry | undefined): Promise<KeptDerived> {
  if ('bytes' in cached || !entry || !('derived' in entry)) return 'none';
  if (entry.crc32c !== cached.crc32c || entry.of !== cached.digest) return 'none';
  const read = await readKept(entry.derived).catch(() => undefined);
  return read?.checksum === entry.digest ? { bytes: read.bytes } : 'damaged';
}

/** Runs `make` once the task at hand is done, so that work that can wait does not hold up its answer. */
const later = <T>(make: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(make());
      } catch (error) {
        reject(error);
      }
    }),
  );

/** Where downloaded artifacts are kept between page loads, under artifact-cache-keys.ts's keys. */
export interface ArtifactCache {
  get(key: string): Promise<CacheEntry | undefined>;
  put(key: string, entry: CacheEntry): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key with an entry; a cache that cannot list them (the server render's) has none. */
  keys?(): Promise<string[]>;
}

export interface LoadedIndex {
  /** Where the artifact came from: already in memory, the cache, or a download. */
  from: 'memory' | 'cache' | 'network';
  /** Compressed artifact size (0 for an index built by addIndex). */
  bytes: number;
  documentCount: number;
}

/** Download progress: bytes so far and, when the server says, in all. */
export type LoadProgress = (loaded: number, total: number | undefined) => void;

/** An index opened from one artifact. */
interface OpenedIndex {
  engine: SearchEngine;
  /** The algorithm the artifact was built for. */
  algorithm: string;
  index: unknown;
  dataType: string;
  crc32c: number | null;
  /** Compressed artifact size (0 for an index built by addIndex). */
  bytes: number;
  /** A delta segment's: the base documents it hides. */
  hides?: string[];
  /**
   * Caches what the cache lacks of it: a download's bytes, and the arrays the engine derived from
   * them (after the load, so that those made on first use go too). Set when the cache lacks any;
   * run once by keepSoon.
   */
  keep?: () => void;
}

/** A segment made searchable, and where it came from. */
interface LoadedSegment {
  opened: OpenedIndex;
  from: LoadedIndex['from'];
}

/** What a source's searches run on: its artifact, with its delta segment on top when it has one. */
interface HeldIndex {
  base: OpenedIndex;
  delta?: OpenedIndex;
  /** Runs its segments' `keep` (keepSoon) while it is still the source's index. */
  keep?: () => void;
  /** A head's: told once a search has answered from it (searchHeadMeanwhile). */
  answered?: () => void;
  engine: SearchableEngine;
  index: unknown;
  dataType: string;
  documentCount: number;
}

function held(base: OpenedIndex, delta?: OpenedIndex): HeldIndex {
  if (!delta) return { base, ...base, documentCount: base.engine.count(base.index) };
  const engine = segmentedEngine(base.engine);
  const index = withDelta(base.engine, base.index, delta.index, delta.hides ?? []);
  return { base, delta, engine, index, dataType: base.dataType, documentCount: engine.count(index) };
}

export class ChecksumMismatchError extends Error {
  constructor(name: string, expected: number, actual: number) {
    super(`The "${name}" index download has crc32c ${actual}, expected ${expected}`);
  }
}

/**
 * Download progress is reported at most this often, and once more at the end: each report draws
 * the progress bar on the main thread, and a stream may deliver hundreds of chunks.
 */
const PROGRESS_INTERVAL_MS = 100;

/**
 * How long the artifact's download waits for its head to open before it is read all the same: a
 * head this slow (a slow network) shares the thread rather than hold the whole index back.
 */
const HEAD_WAIT_MS = 3000;

/**
 * How long after its head opened the artifact's download waits for the head's first search: the
 * page asks as soon as it hears, but a page with nothing to search asks nothing.
 */
const FIRST_SEARCH_WAIT_MS = 500;

/** `promise`, or nothing once `ms` have passed. */
const atMost = (ms: number, promise: Promise<void>) =>
  Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms))]);

/** How long a loaded index waits for its first search before what the cache lacks of it is kept anyway. */
const KEEP_AFTER_MS = 1000;

/**
 * Downloads the artifact of `name` with checksum `crc32c`, checking the checksum and gunzipping the
 * bytes as they arrive: the decompressed bytes (and the compressed size) once the checksum matched.
 * Nothing is opened before that; a corrupt download throws ChecksumMismatchError whatever gunzip
 * made of it.
 */
async function downloadArtifact(
  name: string,
  crc32c: number,
  fetcher: typeof fetch,
  onProgress?: LoadProgress,
  signal?: AbortSignal,
  readAfter?: Promise<void>,
): Promise<{ size: number; raw: Uint8Array }> {
  const url = apiPaths.searchIndexArtifact(name, crc32c);
  const response = await fetcher(url, { credentials: 'same-origin', signal });
  if (!response.ok || !response.body) throw new Error(`GET ${url} answered HTTP ${response.status}`);
  await readAfter;
  const total = Number(response.headers.get('Content-Length')) || undefined;
  const inflating = gunzip();
  let actual = 0;
  let loaded = 0;
  let reported = { at: Number.NEGATIVE_INFINITY, loaded: 0 };
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    actual = checksum(value, actual);
    inflating.write(value);
    loaded += value.length;
    const now = performance.now();
    if (onProgress && now - reported.at >= PROGRESS_INTERVAL_MS) {
      reported = { at: now, loaded };
      onProgress(loaded, total);
    }
  }
  if (onProgress && reported.loaded < loaded) onProgress(loaded, total);
  const raw = inflating.end();
  if (actual !== crc32c) throw new ChecksumMismatchError(name, crc32c, actual);
  return { size: loaded, raw: await raw };
}

export function createSearchWorkerApi(options: { cache: ArtifactCache; fetch: typeof fetch }) {
  const { cache } = options;
  const indexes = new Map<string, HeldIndex>();
  /** Cached indexes restored ahead of loadIndex, which keeps one only if its checksum is current. */
  const restoring = new Map<string, Promise<OpenedIndex | undefined>>();
  /** restoreCached's listing of what the cache holds, when it lists it. */
  let listing: Promise<void> = Promise.resolve();
  /**
   * The head segment load under way per source (searchHeadMeanwhile), stopped once the artifact's
   * load ends or the source is dropped: a head is of no use after that.
   */
  const heads = new Map<string, AbortController>();
  /** Stops the source's head segment load, if any; whether there was one. */
  function stopHead(name: string): boolean {
    const head = heads.get(name);
    heads.delete(name);
    head?.abort();
    return head !== undefined;
  }
  /** Cache writes under way, by key: a load does not wait for them, a removal does (none lands after it). */
  const writing = new Map<string, Promise<void>>();

  /**
   * Writes the entry under `key` once made, without holding up searches: a failed write only costs
   * a download or a derivation later.
   */
  function write(key: string, entry: Promise<CacheEntry>): void {
    const written = entry
      .then((made) => cache.put(key, made))
      .catch(() => undefined)
      .finally(() => {
        if (writing.get(key) === written) writing.delete(key);
      });
    writing.set(key, written);
  }

  /** Caches a downloaded segment as the engine opens it, with the checksum of the bytes just checked; returns that checksum. */
  function keep(key: string, crc32c: number, size: number, raw: Uint8Array): Promise<string> {
    const kept = later(() => keptChecksum(raw));
    write(
      key,
      kept.then((made) => ({
        crc32c,
        size,
        raw: new Blob([raw as Uint8Array<ArrayBuffer>]),
        digest: made,
      })),
    );
    return kept;
  }

  /** Caches what the engine derived from `opened`, whose bytes have checksum `of` (CachedDerived). */
  function keepDerived(key: string, opened: OpenedIndex, of: Promise<string>): void {
    const { engine, index, crc32c } = opened;
    if (!engine.derive || crc32c === null) return;
    write(
      derivedCacheKey(key),
      of.then((bytesChecksum) => {
        const derived = engine.derive!(index);
        return {
          crc32c,
          of: bytesChecksum,
          derived: new Blob([derived as Uint8Array<ArrayBuffer>]),
          digest: keptChecksum(derived),
        };
      }),
    );
  }

  /**
   * Runs the `keep` of the source's segments once `next` has answered its first search, or
   * KEEP_AFTER_MS after it was loaded when none comes: its first searches wait neither for the
   * checksums nor for the copies (run as soon as the load returned, they held the first search of a
   * million documents up by 180–320 ms). Nothing is kept of a source dropped by then (signed out).
   */
  function keepSoon(name: string, next: HeldIndex): void {
    if (!next.base.keep && !next.delta?.keep) return;
    const run = () => {
      if (next.keep !== run) return;
      next.keep = undefined;
      const now = indexes.get(name);
      for (const opened of [now?.base, now?.delta]) {
        const keep = opened?.keep;
        if (!opened || !keep) continue;
        opened.keep = undefined;
        keep();
      }
    };
    next.keep = run;
    setTimeout(run, KEEP_AFTER_MS);
  }

  async function forget(key: string): Promise<void> {
    await writing.get(key);
    await cache.delete(key);
  }

  /** Removes a segment and what was derived from it from the cache. */
  async function forgetSegment(key: string): Promise<void> {
    await Promise.all([forget(key), forget(derivedCacheKey(key))]);
  }

  /**
   * The index of the cached artifact under `key` when it is the wanted one (any, without `crc32c`;
   * built for any algorithm, without `algorithm`) and intact; a damaged, partial or older copy (one
   * that cannot be read, does not match its checksum, or was kept in another form) is dropped. The
   * engine opens only bytes whose checksum matched, with the arrays derived from them before when
   * those are kept and check out too. Kept arrays that are damaged, partial or of another format are
   * derived again (and kept again once loaded).
   */
  async function openCached(
    name: string,
    key: string,
    algorithm?: SearchAlgorithm,
    crc32c?: number,
  ): Promise<OpenedIndex | undefined> {
    const [cached, derivedEntry] = await Promise.all(
      [key, derivedCacheKey(key)].map((entryKey) => cache.get(entryKey).catch(() => undefined)),
    );
    if (!isArtifact(cached) || (crc32c !== undefined && cached.crc32c !== crc32c)) return undefined;
    const [raw, kept] = await Promise.all([
      readCached(cached).catch(() => undefined),
      readDerived(cached, derivedEntry),
    ]);
    if (!raw) {
      console.warn(`The cached "${key}" index is damaged or kept in an older form; downloading it again`);
      await forgetSegment(key);
      return undefined;
    }
    const size = 'bytes' in cached ? cached.bytes.length : cached.size;
    const artifact = { crc32c: cached.crc32c, size, raw };
    if (kept !== 'none') {
      const taken =
        kept !== 'damaged' && (await open(name, algorithm, artifact, kept.bytes).catch(() => undefined));
      if (taken) return taken;
      console.warn(`The arrays kept for the cached "${key}" index do not check out; deriving them again`);
    }
    const opened = await open(name, algorithm, artifact);
    if (!('bytes' in cached)) opened.keep = () => keepDerived(key, opened, Promise.resolve(cached.digest));
    return opened;
  }

  /** Opens `artifact`; throws when it was not built for `algorithm` (when given). */
  async function open(
    name: string,
    algorithm: SearchAlgorithm | undefined,
    artifact: IntactArtifact,
    derived?: Uint8Array,
  ): Promise<OpenedIndex> {
    const read = parseArtifact(artifact.raw);
    if (algorithm !== undefined && read.algorithm !== algorithm) {
      throw new Error(`The "${name}" index was built for ${read.algorithm}, not ${algorithm}`);
    }
    const { engine, index } = await restoreArtifact(read, undefined, derived);
    return {
      engine,
      algorithm: read.algorithm,
      index,
      dataType: read.dataType,
      crc32c: artifact.crc32c,
      bytes: artifact.size,
      hides: read.hides,
    };
  }

  /**
   * The segment `key` (cache key) with checksum `crc32c`: the one in memory or restored from the
   * cache ahead when it has it, else from the cache, else downloaded (`beforeDownload` is told
   * first, and the download's body read once what it returns settles), verified and cached. Throws
   * when the download fails or does not match.
   */
  async function segment(
    name: string,
    key: string,
    algorithm: SearchAlgorithm,
    crc32c: number,
    inMemory: OpenedIndex | undefined,
    restored?: OpenedIndex,
    onProgress?: LoadProgress,
    beforeDownload?: () => Promise<void>,
  ): Promise<LoadedSegment> {
    if (inMemory?.crc32c === crc32c) return { opened: inMemory, from: 'memory' };
    if (restored?.crc32c === crc32c && restored.algorithm === algorithm)
      return { opened: restored, from: 'cache' };
    const cached = await openCached(name, key, algorithm, crc32c);
    if (cached) return { opened: cached, from: 'cache' };
    const readAfter = beforeDownload?.();
    const { size, raw } = await downloadArtifact(
      name,
      crc32c,
      options.fetch,
      onProgress,
      undefined,
      readAfter,
    );
    const opened = await open(name, algorithm, { crc32c, size, raw });
    opened.keep = () => keepDerived(key, opened, keep(key, crc32c, size, raw));
    return { opened, from: 'network' };
  }

  /**
   * Makes the source's head segment searchable (with the delta on top) while its artifact
   * downloads, unless the artifact is there first; tells `onFirstResults` how many documents it
   * holds, and settles once it has answered a search (or FIRST_SEARCH_WAIT_MS on). Never cached:
   * once the artifact is loaded it is of no use. A head that fails only means no first results.
   */
  async function searchHeadMeanwhile(
    name: string,
    algorithm: SearchAlgorithm,
    head: { crc32c: number },
    delta: Promise<OpenedIndex | undefined>,
    onFirstResults: (documentCount: number) => void,
  ): Promise<void> {
    const stop = new AbortController();
    stopHead(name);
    heads.set(name, stop);
    try {
      // Never without the delta: the head would show documents changed or removed since.
      const [downloaded, top] = await Promise.all([
        downloadArtifact(name, head.crc32c, options.fetch, undefined, stop.signal),
        delta,
      ]);
      const first = held(await open(name, algorithm, { crc32c: head.crc32c, ...downloaded }), top);
      if (stop.signal.aborted) return;
      const answered = new Promise<void>((resolve) => (first.answered = resolve));
      indexes.set(name, first);
      onFirstResults(first.documentCount);
      await atMost(FIRST_SEARCH_WAIT_MS, answered);
    } catch (error) {
      if (!stop.signal.aborted)
        console.warn(`The "${name}" head segment could not be searched; waiting for the whole index`, error);
    }
  }

  /** Starts restoring each of these sources from the cache, unless it is loaded or being restored. */
  function restore(names: Iterable<string>): void {
    for (const name of names) {
      if (!indexes.has(name) && !restoring.has(name)) restoring.set(name, openCached(name, name));
    }
  }

  /** What restoreCached made of `name`, if anything: taken once, whatever its checksum. */
  async function takeRestored(name: string): Promise<OpenedIndex | undefined> {
    const restored = restoring.get(name);
    restoring.delete(name);
    return restored?.catch(() => undefined);
  }

  return {
    /**
     * Starts restoring cached artifacts before anyone knows whether they are current, so that a warm
     * start overlaps with the page starting and asking for their checksums: of the page's sources
     * `names`, or of every source the cache holds when the page does not know them yet (the worker
     * does so as it starts, search.worker.ts). Nothing is searchable until loadIndex confirms the
     * checksum and the algorithm; an index it does not confirm is let go, and so is one of a source
     * not in `names`.
     */
    restoreCached(names?: string[]): void {
      if (!names) {
        listing = (cache.keys?.() ?? Promise.resolve([]))
          .then((keys) => restore(new Set(keys.map(sourceOfCacheKey))))
          .catch(() => undefined);
        return;
      }
      restore(names);
      void listing.then(() => {
        for (const name of restoring.keys()) if (!names.includes(name)) restoring.delete(name);
      });
    },

    /**
     * Makes the index of `name` with checksum `crc32c` searchable, with the delta segment `delta` on
     * top when the source changed since (ADR 020): each kept as is when already loaded, else restored
     * from the cached artifact, else downloaded, verified and cached. Searches answer from the index
     * held before until both are open. Throws when a download fails or does not match its checksum;
     * the caller marks the source as failed.
     */
    async loadIndex(
      name: string,
      algorithm: SearchAlgorithm,
      crc32c: number,
      onProgress?: LoadProgress,
      delta?: { crc32c: number },
      head?: { crc32c: number },
      onFirstResults?: (documentCount: number) => void,
    ): Promise<LoadedIndex> {
      const current = indexes.get(name);
      const restored = await takeRestored(name);
      // Loaded once, by the head's first results or after the artifact, whichever asks first.
      let deltaLoad: Promise<LoadedSegment | undefined> | undefined;
      const deltaSegment = () => {
        deltaLoad ??= delta
          ? segment(name, deltaCacheKey(name), algorithm, delta.crc32c, current?.delta)
          : Promise.resolve(undefined);
        return deltaLoad;
      };
      // Nothing of the source to search meanwhile: its head answers while the artifact downloads.
      // The artifact's bytes are read once the head has answered its first search (or the waits
      // are over): both are checked and gunzipped on this thread, and the artifact's 27 MB at a
      // million documents held the head's first results back until most of it was in.
      const firstResults =
        head && onFirstResults && !current
          ? () =>
              atMost(
                HEAD_WAIT_MS,
                searchHeadMeanwhile(
                  name,
                  algorithm,
                  head,
                  deltaSegment().then((got) => got?.opened),
                  onFirstResults,
                ),
              )
          : undefined;
      let base: LoadedSegment;
      try {
        base = await segment(
          name,
          name,
          algorithm,
          crc32c,
          current?.base,
          restored,
          onProgress,
          firstResults,
        );
      } catch (error) {
        // A failed load leaves nothing half of it searchable.
        if (stopHead(name)) indexes.delete(name);
        throw error;
      }
      stopHead(name);
      const top = await deltaSegment();
      const next = held(base.opened, top?.opened);
      indexes.set(name, next);
      keepSoon(name, next);
      const froms = [base.from, top?.from];
      const from = froms.includes('network') ? 'network' : froms.includes('cache') ? 'cache' : 'memory';
      // A delta this page never held may still be cached from an earlier one: it goes once, not on
      // every load of an index already in memory, and without holding up the load (IndexedDB may
      // take a few hundred milliseconds to get to it while it writes a download).
      if (!top && (current?.delta || base.from !== 'memory'))
        void forgetSegment(deltaCacheKey(name)).catch(() => undefined);
      return {
        from,
        bytes: from === 'memory' ? 0 : base.opened.bytes + (top?.opened.bytes ?? 0),
        documentCount: next.documentCount,
      };
    },

    /** Builds an index from raw records, e.g. data that never went through the server. */
    async addIndex(
      name: string,
      config: DataSourceConfig,
      data: Record<string, unknown>[],
    ): Promise<LoadedIndex> {
      const engine = engineFor(config.algorithm);
      const index = await engine.build(indexSpec(config), recordsToIndexDocuments(config, data));
      indexes.set(
        name,
        held({
          engine,
          algorithm: config.algorithm,
          index,
          dataType: config.dataType,
          crc32c: null,
          bytes: 0,
        }),
      );
      return { from: 'memory', bytes: 0, documentCount: data.length };
    },

    /** Hits for `request`, or 'error' (logged) when the index is missing or the search fails. */
    async searchIndex(name: string, request: SearchRequest): Promise<SearchIndexResult | 'error'> {
      const held = indexes.get(name);
      if (!held) {
        console.error(`Search on "${name}", which is not loaded`);
        return 'error';
      }
      try {
        return await runSearch(held.engine, held.index, held.dataType, request);
      } catch (error) {
        console.error(`Search on "${name}" failed`, error);
        return 'error';
      } finally {
        // What the cache lacks of it is kept once this answer is on its way.
        if (held.keep) setTimeout(held.keep);
        if (held.answered) setTimeout(held.answered);
      }
    },

    /**
     * Titles completing `request.term`, best first (relevance × popularity): the hits of a small
     * search whose title (in `language`, or its title property) has a word starting with each
     * query word. [] when not loaded.
     */
    async suggestTitles(
      name: string,
      request: SearchRequest,
      source: TitleSource,
      language: string,
    ): Promise<TitleCompletion[]> {
      const held = indexes.get(name);
      if (!held || !request.term) return [];
      const { hits } = await runSearch(held.engine, held.index, held.dataType, request);
      return titleCompletions(hits, source, language, request.term);
    },

    /** `term` corrected from the words of these loaded indexes ("did you mean"), or undefined. */
    async didYouMean(names: string[], term: string): Promise<string | undefined> {
      const held = names.flatMap((name) => indexes.get(name) ?? []);
      return correctedQuery(term, (word) => held.map(({ engine, index }) => engine.spell?.(index, word)));
    },

    /** One document by id, for the item viewer, from memory (so it works offline). */
    getDocument(name: string, id: string): IndexDocument | undefined {
      const held = indexes.get(name);
      return held ? held.engine.getDocument(held.index, id) : undefined;
    },

    /** Forgets an index in memory and in the cache (e.g. a protected one on sign-out). */
    async dropIndex(name: string): Promise<void> {
      indexes.delete(name);
      stopHead(name);
      restoring.delete(name);
      await Promise.all(sourceCacheKeys(name).map(forget));
    },
  };
}

export type SearchWorkerApi = ReturnType<typeof createSearchWorkerApi>;
