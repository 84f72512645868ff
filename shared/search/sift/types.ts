// The Sift engine's own vocabulary. The engine imports nothing from the app: the caller passes the
// tokenizer in and gets plain objects out, so the folder can be lifted into another project.

export type SiftTextType = 'text' | 'text[]';
/** enum: one value, filtered by `in`; enum[]: contains-any; string[]: contains-any of whole values. */
export type SiftFilterType = 'enum' | 'enum[]' | 'string[]';

export interface SiftSpec {
  searchProperties: Record<string, SiftTextType>;
  indexedProperties: Record<string, SiftFilterType>;
}

/** Turns text into words; `query` for search terms, `index` for document text (may add variants). */
export interface SiftTokenizer {
  query(text: string): string[];
  index(text: string): string[];
}

export type SiftDocument = Record<string, unknown> & { id: string; rank: number };

export interface SiftRequest {
  term?: string;
  limit: number;
  /** 0: every word must match; otherwise any word. */
  threshold: number;
  where: Record<string, string[]>;
  boost: Record<string, number>;
  /** Properties where a whole word of 2 letters (a code: UK, US) counts as an exact match, not a prefix. */
  codes?: string[];
  facets?: string[];
  /** Properties left out of the hits' documents (`document(id)` still has them). */
  omit?: string[];
  /** Numeric property → inclusive bounds; a document without a number there does not match. */
  ranges?: Record<string, SiftRange>;
  /** Numeric property → ascending bucket boundaries: matches are counted per bucket (see SiftResult). */
  histograms?: Record<string, number[]>;
  /** Choose and order the hits nearest this point (the documents' coordinates), not by score. */
  near?: SiftNear;
}

export interface SiftRange {
  min?: number;
  max?: number;
}

export interface SiftNear {
  lat: number;
  lon: number;
  /** The numeric properties holding a document's latitude and longitude in degrees. */
  latProperty: string;
  lonProperty: string;
}

export interface SiftHit {
  id: string;
  /** Relevance before the rank factor; 0 without words. Hits are chosen by relevance × (1 + rank/10). */
  score: number;
  document: SiftDocument;
}

export interface SiftResult {
  hits: SiftHit[];
  count: number;
  facets: Record<string, Record<string, number>>;
  /**
   * Per requested histogram with boundaries b: counts of matches below b[0], in [b[0], b[1]), …,
   * at or above the last (one more count than boundaries); matches without a number are not counted.
   */
  histograms: Record<string, number[]>;
}
