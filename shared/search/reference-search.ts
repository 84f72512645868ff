// A brute-force statement of the search contract, for property-based tests of the engines: which
// documents match, how many, and their facet counts. Slow on purpose; never used to serve searches.
import type { FacetCounts, IndexDocument, IndexSpec, SearchRequest } from './search-types';
import { tokenize, tokenizeForIndex } from './tokenizer';

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

/**
 * Edits (insertions, deletions, substitutions, swaps of neighbouring letters) between two words,
 * by the full table (optimal string alignment), in UTF-16 code units.
 */
export function editDistance(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(table[i - 1]![j]! + 1, table[i]![j - 1]! + 1, table[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, table[i - 2]![j - 2]! + 1);
      }
      table[i]![j] = best;
    }
  }
  return table[a.length]![b.length]!;
}

/**
 * Typo tolerance (Sift): a query word of 4+ letters may be 1 edit from a whole word with the same
 * first letter, of 8+ letters 2 edits.
 */
function typoMatch(queryWord: string, word: string): boolean {
  const budget = queryWord.length >= 8 ? 2 : queryWord.length >= 4 ? 1 : 0;
  return budget > 0 && queryWord[0] === word[0] && editDistance(queryWord, word) <= budget;
}

export interface ReferenceOptions {
  /** Besides prefixes, a query word matches whole words within its typo budget. */
  typos?: boolean;
}

export interface ReferenceResult {
  /** Ids of every match; without words, in document order. */
  ids: string[];
  facets: FacetCounts;
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
    if (!passesWhere(spec, document, request.where)) return false;
    if (words.length === 0) return true;
    const own = documentWords(spec, document);
    const found = (word: string) =>
      own.some((w) => w.startsWith(word) || (options.typos === true && typoMatch(word, w)));
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
  return { ids: matches.map((d) => d.id), facets };
}
