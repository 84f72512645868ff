// The interface every search engine implements, so engines can be compared in the benchmark and
// swapped per source through `algorithm`. Engines return raw relevance; run-search.ts applies rank.
import type { FacetCounts, IndexDocument, IndexSpec, SearchRequest } from './search-types';

export interface EngineHit {
  id: string;
  /** Relevance before the rank factor; 0 when the request has no words. */
  score: number;
  document: IndexDocument;
}

export interface EngineResult {
  /** At most `request.limit` hits, best first; without words, in the order the documents were given to `build`. */
  hits: EngineHit[];
  /** All matches, before the limit. */
  count: number;
  facets: FacetCounts;
  /** Counts per bucket of the requested histograms (SearchIndexResult); engines without them leave it out. */
  histograms?: Record<string, number[]>;
}

/**
 * How the index spells a folded query word: 'known' when an indexed word starts with it, else the
 * nearest indexed word (fewest edits, then the most popular document, then the most documents), or
 * undefined when none is near.
 */
export type WordSpelling =
  | 'known'
  | { term: string; distance: number; popularity: number; documents: number }
  | undefined;

export interface SearchEngine<Index = unknown> {
  /** The name its artifacts carry: a SearchAlgorithm for the engines the app ships (engines.ts). */
  readonly algorithm: string;
  /** Indexes `documents`; give them best rank first so that searches without words list them that way. */
  build(spec: IndexSpec, documents: IndexDocument[]): Promise<Index>;
  /** The artifact payload: bytes that `restore` turns back into an equivalent index. */
  serialize(index: Index): Uint8Array;
  /**
   * May keep views over `payload` instead of copying it: the caller hands it over. `derived`: what
   * `derive` gave for the same payload, viewed in place too, so that opening reads instead of
   * computing; throws when it does not fit the payload.
   */
  restore(spec: IndexSpec, payload: Uint8Array, derived?: Uint8Array): Promise<Index>;
  /**
   * What `restore` computed from the payload, packed for a later `restore` of the same payload (a
   * device keeps it beside the bytes, ADR 021). An engine that derives nothing leaves it out.
   */
  derive?(index: Index): Uint8Array;
  /** `request.term` is either absent or has at least one word (run-search.ts guarantees it). */
  search(index: Index, request: SearchRequest): Promise<EngineResult>;
  getDocument(index: Index, id: string): IndexDocument | undefined;
  /** For "did you mean" (WordSpelling); an engine without a dictionary of words leaves it out. */
  spell?(index: Index, word: string): WordSpelling;
  /** Documents searchable (hidden ones not counted). */
  count(index: Index): number;
  /**
   * The index without the documents of `ids`, sharing its memory: what a delta segment replaced or
   * removed (segments.ts). An engine without it cannot take deltas.
   */
  withHidden?(index: Index, ids: string[]): Index;
}

/** What searching needs of an engine: a segmented index (segments.ts) offers just this. */
export type SearchableEngine<Index = unknown> = Pick<
  SearchEngine<Index>,
  'search' | 'getDocument' | 'spell' | 'count'
>;
