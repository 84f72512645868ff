// A brute-force statement of the search contract, for property-based tests of the engines: which
// documents match, how many, and their facet counts. Slow on purpose; never used to serve searches.
import type { FacetCounts, IndexDocument, IndexSpec, SearchRequest } from './search-types';
import { tokenize, tokenizeForIndex } from './tokenizer';
import { isTypoOf } from './typo-match';

function textValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function documentWords(spec: IndexSpec, document: IndexDocument): string[] {
  return Object.keys(spec.searchProperties).flatMap((property) =>
    textValues(document[property]).flatMap(tokenizeForIndex),
  );
}

function passesWhere(spec: IndexSpec, document: IndexDocument, where: SearchRequest['where']): boolean {
  return Object.entries(where).every(([property, accepted]) => {
    if (accepted.length === 0) return true;
    const value = document[property];
    if (spec.indexedProperties[property] === 'enum') return accepted.includes(value as string);
    return textValues(value).some((v) => accepted.includes(v));
  });
}

function passesRanges(document: IndexDocument, ranges: SearchRequest['ranges'] = {}): boolean {
  return Object.entries(ranges).every(([property, { min = -Infinity, max = Infinity }]) => {
    const value = document[property];
    return typeof value === 'number' && value >= min && value <= max;
  });
}

export interface ReferenceOptions {
  /** Besides prefixes, a query word matches whole words within its typo budget. */
  typos?: boolean;
}

export interface ReferenceResult {
  /** Ids of every match; without words, in document order. */
  ids: string[];
  facets: FacetCounts;
  /** Per requested histogram: matches per bucket, as SearchIndexResult states. */
  histograms: Record<string, number[]>;
}

/** Every document matching `request`, ignoring the limit. Threshold 0: all words; otherwise any word. */
export function referenceSearch(
  spec: IndexSpec,
  documents: IndexDocument[],
  request: SearchRequest,
  options: ReferenceOptions = {},
): ReferenceResult {
  const words = tokenize(request.term ?? '');
  const matches = documents.filter((document) => {
    if (!passesWhere(spec, document, request.where) || !passesRanges(document, request.ranges)) return false;
    if (words.length === 0) return true;
    const own = documentWords(spec, document);
    const found = (word: string) =>
      own.some((w) => w.startsWith(word) || (options.typos === true && isTypoOf(word, w)));
    return request.threshold === 0 ? words.every(found) : words.some(found);
  });
  const facets: FacetCounts = {};
  for (const property of request.facets ?? []) {
    const counts: Record<string, number> = {};
    for (const document of matches) {
      for (const value of new Set(textValues(document[property]))) counts[value] = (counts[value] ?? 0) + 1;
    }
    facets[property] = counts;
  }
  const histograms: Record<string, number[]> = {};
  for (const [property, boundaries] of Object.entries(request.histograms ?? {})) {
    const counts = new Array<number>(boundaries.length + 1).fill(0);
    for (const document of matches) {
      const value = document[property];
      if (typeof value === 'number') counts[boundaries.filter((b) => value >= b).length]! += 1;
    }
    histograms[property] = counts;
  }
  return { ids: matches.map((d) => d.id), facets, histograms };
}
