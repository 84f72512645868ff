// The engines the search bench compares, behind one shape: build on the server side (the bytes a
// browser downloads, gzip'd), open those bytes into a searchable index, search. Orama (bm25, the
// baseline, bench/orama-engine.ts) and Sift go through the app's own artifact path; MiniSearch and
// FlexSearch get the same tokenizer, prefix search, typo budget (MiniSearch) and rank factor
// (MiniSearch, inside its scoring) where they can take them, and serialise with their own export.
import { gunzipSync, gzipSync } from 'node:zlib';
import { Document } from 'flexsearch';
import MiniSearch from 'minisearch';
import { keptChecksum } from '../client/workers/kept-checksum';
import type { DataSourceConfig } from '../shared/app-config';
import type { SearchEngine } from '../shared/search/engine';
import { engineFor } from '../shared/search/engines';
import {
  buildArtifact,
  inflateArtifact,
  parseArtifact,
  restoreArtifact,
} from '../shared/search/index-artifact';
import { runSearch } from '../shared/search/run-search';
import type { IndexDocument, SearchRequest } from '../shared/search/search-types';
import { tokenize, tokenizeForIndex } from '../shared/search/tokenizer';
import { oramaEngine } from './orama-engine';

export interface OpenIndex {
  /** Hit ids, best first. */
  search(request: SearchRequest): Promise<string[]>;
}

export interface BenchEngine {
  build(
    source: DataSourceConfig,
    documents: IndexDocument[],
  ): Promise<{ bytes: Uint8Array; rawSize: number }>;
  /** What a device keeps of the downloaded bytes, when not those bytes: what `open` is given. */
  keep?(bytes: Uint8Array): Promise<Uint8Array>;
  /**
   * What the device keeps beside them once it opened them (the engine's derived arrays, ADR 021),
   * for `open` to take; an engine that derives nothing leaves it out.
   */
  derive?(source: DataSourceConfig, kept: Uint8Array): Promise<Uint8Array>;
  open(source: DataSourceConfig, bytes: Uint8Array, derived?: Uint8Array): Promise<OpenIndex>;
}

export const benchEngineNames = ['orama', 'minisearch', 'flexsearch', 'sift'] as const;
export type BenchEngineName = (typeof benchEngineNames)[number];

/**
 * An engine through the app's artifact path: what the server builds and the worker restores, from
 * the decompressed bytes it keeps and what the engine derived from them when given, once their
 * checksums are checked (the worker checks them as it reads them).
 */
export function artifactEngine(engine: SearchEngine): BenchEngine {
  return {
    async build(source, documents) {
      const artifact = await buildArtifact(source, documents, engine);
      return { bytes: artifact.bytes, rawSize: artifact.rawSize };
    },
    keep: inflateArtifact,
    derive: engine.derive
      ? async (_source, kept) => engine.derive!((await restoreArtifact(parseArtifact(kept), engine)).index)
      : undefined,
    async open(source, bytes, derived) {
      for (const kept of [bytes, derived]) if (kept) keptChecksum(kept);
      const { index } = await restoreArtifact(parseArtifact(bytes), engine, derived);
      return {
        search: async (request) =>
          (await runSearch(engine, index, source.dataType, request)).hits.map((h) => h.id),
      };
    },
  };
}

const gzipJson = (value: unknown) => {
  const raw = Buffer.from(JSON.stringify(value));
  return { bytes: new Uint8Array(gzipSync(raw)), rawSize: raw.length };
};
const gunzipText = (bytes: Uint8Array) => gunzipSync(bytes).toString('utf8');
const textOf = (value: unknown) => (Array.isArray(value) ? value.join('\n') : value);

function passesWhere(
  source: DataSourceConfig,
  document: Record<string, unknown>,
  where: SearchRequest['where'],
) {
  return Object.entries(where).every(([property, accepted]) => {
    if (accepted.length === 0) return true;
    const value = document[property];
    return source.indexedProperties[property] === 'enum'
      ? accepted.includes(value as string)
      : Array.isArray(value) && value.some((v) => accepted.includes(v));
  });
}

/** The typo budget Sift uses, for engines that take one. */
const typoBudget = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

const miniSearchOptions = (source: DataSourceConfig, storeFields: string[]) => ({
  idField: 'id',
  fields: Object.keys(source.searchProperties),
  storeFields,
  extractField: (document: Record<string, unknown>, field: string) => textOf(document[field]) as string,
  tokenize: (text: string, field?: string) => (field ? tokenizeForIndex(text) : tokenize(text)),
  processTerm: (term: string) => term,
});

const miniSearchEngine: BenchEngine = {
  async build(source, documents) {
    const storeFields = [...new Set(documents.flatMap((d) => Object.keys(d)))];
    const index = new MiniSearch(miniSearchOptions(source, storeFields));
    index.addAll(documents);
    return gzipJson({ storeFields, index });
  },
  async open(source, bytes) {
    const { storeFields, index: data } = JSON.parse(gunzipText(bytes));
    const index = MiniSearch.loadJSON(JSON.stringify(data), miniSearchOptions(source, storeFields));
    return {
      async search(request) {
        const results = index.search(request.term ?? MiniSearch.wildcard, {
          prefix: true,
          fuzzy: (term) => typoBudget(term),
          combineWith: request.threshold === 0 ? 'AND' : 'OR',
          boost: request.boost,
          filter: (result) => passesWhere(source, result, request.where),
          boostDocument: (_id, _term, stored) => 1 + (Number(stored?.rank) || 0) / 10,
        });
        return results.slice(0, request.limit).map((r) => String(r.id));
      },
    };
  },
};

function flexDocument(source: DataSourceConfig) {
  return new Document({
    document: {
      id: 'id',
      index: Object.keys(source.searchProperties).map((field) => ({
        field,
        tokenize: 'forward' as const,
        encode: (text: string) => tokenizeForIndex(text),
      })),
      tag: Object.keys(source.indexedProperties),
      store: true,
    },
  });
}

const flexSearchEngine: BenchEngine = {
  async build(source, documents) {
    const index = flexDocument(source);
    for (const document of documents) {
      const flat = { ...document };
      for (const property of Object.keys(source.searchProperties))
        flat[property] = textOf(document[property]);
      index.add(flat as never);
    }
    const parts: Record<string, string> = {};
    await index.export((key, data) => {
      parts[key] = data;
    });
    return gzipJson(parts);
  },
  async open(source, bytes) {
    const index = flexDocument(source);
    for (const [key, data] of Object.entries(JSON.parse(gunzipText(bytes)) as Record<string, string>)) {
      index.import(key, data);
    }
    return {
      async search(request) {
        const tag = Object.fromEntries(
          Object.entries(request.where).filter(([, values]) => values.length > 0),
        );
        const results = index.search({
          query: request.term ?? '',
          limit: request.limit,
          merge: true,
          suggest: request.threshold !== 0,
          ...(Object.keys(tag).length > 0 ? { tag } : {}),
        } as never) as unknown as { id: string }[];
        return results.map((r) => String(r.id));
      },
    };
  },
};

export const benchEngines: Record<BenchEngineName, BenchEngine> = {
  orama: artifactEngine(oramaEngine('bm25')),
  minisearch: miniSearchEngine,
  flexsearch: flexSearchEngine,
  sift: artifactEngine(engineFor('sift')),
};
