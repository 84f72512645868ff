// The search contract shared by the server (index builds), the worker and the search screen:
// requests, hits, results and load states. Every engine implements exactly these semantics.

/** Spec §9: at most this many hits per source; reaching it sets the results-limited flag. */
export const SEARCH_LIMIT = 1000;
/** Spec §9: threshold 0, i.e. every word of the term must match. */
export const SEARCH_THRESHOLD = 0;

export type LoadState = 'unloaded' | 'loading' | 'loaded' | 'error';
export const loadStates = ['unloaded', 'loading', 'loaded', 'error'] as const satisfies readonly LoadState[];

/** How a filterable property is matched: enum by `in`, enum[] by contains-any, string[] by whole values. */
export type IndexedPropertyType = 'enum' | 'enum[]' | 'string[]';
/** How a searched text property is held: one string, or a list of strings. */
export type TextPropertyType = 'text' | 'text[]';

/** What an engine needs to know about a source to index it. */
export interface IndexSpec {
  searchProperties: Record<string, TextPropertyType>;
  indexedProperties: Record<string, IndexedPropertyType>;
}

/** A document as indexed: the stored record plus its key as `id` and its `rank` (default 0). */
export type IndexDocument = Record<string, unknown> & { id: string; rank: number };

export interface SearchRequest {
  /** Words to find (each as a prefix, accents folded); blank means "every document". */
  term?: string;
  limit: number;
  /** 0: a document must match every word; 1: any word. */
  threshold: number;
  /** Property → accepted values; a document must satisfy every property listed (empty lists are ignored). */
  where: Record<string, string[]>;
  /** Searched property → score multiplier (its weight, docs/search.md "Ranking"). */
  boost: Record<string, number>;
  /** Searched properties holding codes (UK, USA): a query word of 2 letters equal to a whole word there is an exact match. */
  codes?: string[];
  /** Indexed properties whose value counts over all matches (not only the returned hits) are wanted. */
  facets?: string[];
  /** Properties left out of the hits' documents, to keep hits small (getDocument still has them). */
  omit?: string[];
  /** Numeric property → inclusive bounds; a document without a number there does not match (Sift only). */
  ranges?: Record<string, NumericRange>;
  /** Numeric property → ascending bucket boundaries whose match counts are wanted (Sift only). */
  histograms?: Record<string, number[]>;
  /** Choose and order the hits nearest this point, not the best scored (Sift only). */
  near?: NearPoint;
}

export interface NumericRange {
  min?: number;
  max?: number;
}

export interface NearPoint {
  lat: number;
  lon: number;
  /** The numeric properties holding a document's latitude and longitude in degrees. */
  latProperty: string;
  lonProperty: string;
}

export interface SearchHit<D extends IndexDocument = IndexDocument> {
  id: string;
  /** The engine's relevance × (1 + rank/10); without a term every match scores 1 × (1 + rank/10). */
  score: number;
  document: D;
  dataType: string;
}

/** Property → value → number of matching documents carrying it. */
export type FacetCounts = Record<string, Record<string, number>>;

export interface SearchIndexResult {
  hits: SearchHit[];
  /** Matches before the limit cut. */
  count: number;
  /** The limit was reached: more documents match than `hits` holds. */
  limited: boolean;
  facets: FacetCounts;
  /**
   * Property → counts of matches per bucket of the requested boundaries b: below b[0], in
   * [b[0], b[1]), …, at or above the last; matches without a number are not counted.
   */
  histograms: Record<string, number[]>;
}
