// What the search worker does (spec §7: loadIndex, addIndex, searchIndex), apart from the worker
// plumbing so that it runs in Node tests too. Indexes live in the worker's memory; their artifacts
// are cached (IndexedDB in the browser) and only ever used when their crc32c checks out.
import { apiPaths } from '#shared/api-paths';
import type { DataSourceConfig } from '#shared/app-config';
import { crc32c as checksum } from '#shared/crc32c';
import type { SearchEngine } from '#shared/search/engine';
import { engineFor } from '#shared/search/engines';
import { readArtifact, restoreArtifact } from '#shared/search/index-artifact';
import { indexSpec, recordsToIndexDocuments } from '#shared/search/index-input';
import type { TitleSource } from '#shared/search/item-title';
import { correctedQuery, type TitleCompletion, titleCompletions } from '#shared/search/query-help';
import { runSearch } from '#shared/search/run-search';
import type { SearchAlgorithm } from '#shared/search/search-algorithms';
import type { IndexDocument, SearchIndexResult, SearchRequest } from '#shared/search/search-types';

export interface CachedArtifact {
  crc32c: number;
  bytes: Uint8Array;
}

/** Where downloaded artifacts are kept between page loads. */
export interface ArtifactCache {
  get(name: string): Promise<CachedArtifact | undefined>;
  put(name: string, artifact: CachedArtifact): Promise<void>;
  delete(name: string): Promise<void>;
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

interface HeldIndex {
  engine: SearchEngine;
  index: unknown;
  dataType: string;
  crc32c: number | null;
  documentCount: number;
  /** Compressed artifact size (0 for an index built by addIndex). */
  bytes: number;
}

export class ChecksumMismatchError extends Error {
  constructor(name: string, expected: number, actual: number) {
    super(`The "${name}" index download has crc32c ${actual}, expected ${expected}`);
  }
}

async function download(url: string, fetcher: typeof fetch, onProgress?: LoadProgress): Promise<Uint8Array> {
  const response = await fetcher(url, { credentials: 'same-origin' });
  if (!response.ok || !response.body) throw new Error(`GET ${url} answered HTTP ${response.status}`);
  const total = Number(response.headers.get('Content-Length')) || undefined;
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress?.(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

export function createSearchWorkerApi(options: { cache: ArtifactCache; fetch: typeof fetch }) {
  const { cache } = options;
  const indexes = new Map<string, HeldIndex>();
  /** Cached indexes restored ahead of loadIndex, which keeps one only if its checksum is current. */
  const restoring = new Map<string, Promise<HeldIndex | undefined>>();

  /** The cached artifact when it is the wanted one (any, without `crc32c`) and intact; a damaged copy is dropped. */
  async function fromCache(name: string, crc32c?: number): Promise<CachedArtifact | undefined> {
    const cached = await cache.get(name).catch(() => undefined);
    if (!cached || (crc32c !== undefined && cached.crc32c !== crc32c)) return undefined;
    if (checksum(cached.bytes) === cached.crc32c) return cached;
    console.warn(`The cached "${name}" index is damaged; downloading it again`);
    await cache.delete(name);
    return undefined;
  }

  async function open(
    name: string,
    algorithm: SearchAlgorithm,
    artifact: CachedArtifact,
  ): Promise<HeldIndex> {
    const read = await readArtifact(artifact.bytes);
    if (read.algorithm !== algorithm) {
      throw new Error(`The "${name}" index was built for ${read.algorithm}, not ${algorithm}`);
    }
    const { engine, index } = await restoreArtifact(read);
    return {
      engine,
      index,
      dataType: read.dataType,
      crc32c: artifact.crc32c,
      documentCount: read.documentCount,
      bytes: artifact.bytes.length,
    };
  }

  /** What restoreCached made of `name`, if anything: taken once, whatever its checksum. */
  async function takeRestored(name: string): Promise<HeldIndex | undefined> {
    const restored = restoring.get(name);
    restoring.delete(name);
    return restored?.catch(() => undefined);
  }

  return {
    /**
     * Starts restoring the cached artifacts of these sources before anyone knows whether they are
     * current, so that a warm start overlaps with the page asking for their checksums. Nothing is
     * searchable until loadIndex confirms the checksum; an index it does not confirm is let go.
     */
    restoreCached(sources: Partial<Record<string, SearchAlgorithm>>): void {
      for (const [name, algorithm] of Object.entries(sources)) {
        if (!algorithm || indexes.has(name) || restoring.has(name)) continue;
        restoring.set(
          name,
          fromCache(name).then((cached) => (cached ? open(name, algorithm, cached) : undefined)),
        );
      }
    },

    /**
     * Makes the index of `name` with checksum `crc32c` searchable: kept as is when already loaded,
     * else restored from the cached artifact, else downloaded, verified and cached. Throws when
     * the download fails or does not match `crc32c`; the caller marks the source as failed.
     */
    async loadIndex(
      name: string,
      algorithm: SearchAlgorithm,
      crc32c: number,
      onProgress?: LoadProgress,
    ): Promise<LoadedIndex> {
      const held = indexes.get(name);
      if (held?.crc32c === crc32c) return { from: 'memory', bytes: 0, documentCount: held.documentCount };
      const restored = await takeRestored(name);
      let opened = restored?.crc32c === crc32c ? restored : undefined;
      let from: LoadedIndex['from'] = 'cache';
      if (!opened) {
        let artifact = await fromCache(name, crc32c);
        if (!artifact) {
          from = 'network';
          const bytes = await download(apiPaths.searchIndexArtifact(name, crc32c), options.fetch, onProgress);
          const actual = checksum(bytes);
          if (actual !== crc32c) throw new ChecksumMismatchError(name, crc32c, actual);
          artifact = { crc32c, bytes };
        }
        opened = await open(name, algorithm, artifact);
        if (from === 'network') await cache.put(name, artifact).catch(() => undefined);
      }
      indexes.set(name, opened);
      return { from, bytes: opened.bytes, documentCount: opened.documentCount };
    },

    /** Builds an index from raw records, e.g. data that never went through the server. */
    async addIndex(
      name: string,
      config: DataSourceConfig,
      data: Record<string, unknown>[],
    ): Promise<LoadedIndex> {
      const engine = engineFor(config.algorithm);
      const index = await engine.build(indexSpec(config), recordsToIndexDocuments(config, data));
      indexes.set(name, {
        engine,
        index,
        dataType: config.dataType,
        crc32c: null,
        documentCount: data.length,
        bytes: 0,
      });
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
      restoring.delete(name);
      await cache.delete(name);
    },
  };
}

export type SearchWorkerApi = ReturnType<typeof createSearchWorkerApi>;
