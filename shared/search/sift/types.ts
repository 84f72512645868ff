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
}
