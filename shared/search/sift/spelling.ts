// "Did you mean": the dictionary word closest to a query word that no indexed word starts with.
// The walk is the typo walk (same first letter, optimal string alignment) with a wider budget
// than matching allows, since it runs once per search, not per document.
import { type Dictionary, typoTerms } from './dictionary';

/** A query word some indexed word starts with, the closest indexed word, or nothing near. */
export type Spelling =
  | 'known'
  | { term: string; distance: number; popularity: number; documents: number }
  | undefined;

/** Edits a correction may be away: more than a match allows (typoBudget), fewer for short words. */
export function spellingBudget(word: string): number {
  if (word.length >= 7) return 3;
  if (word.length >= 4) return 2;
  return word.length === 3 ? 1 : 0;
}

/**
 * The spelling of `word` (folded) against the sorted `terms`: 'known' when a term starts with it,
 * else the nearest term: among equally near ones the most popular (`popularity` of a term index:
 * its best document's), then the one in most documents (`documents`).
 */
export function spell(
  terms: Dictionary,
  word: string,
  popularity: (term: number) => number,
  documents: (term: number) => number,
): Spelling {
  const [from, to] = terms.prefixRange(word);
  if (to > from) return 'known';
  let best: Exclude<Spelling, 'known'>;
  typoTerms(terms, word, spellingBudget(word), (term, distance) => {
    if (best && distance > best.distance) return;
    const candidate = {
      term: terms.term(term),
      distance,
      popularity: popularity(term),
      documents: documents(term),
    };
    if (!best || compareSpellings(candidate, best) < 0) best = candidate;
  });
  return best;
}

/** Orders corrections: fewer edits, then more popular, then in more documents. */
export function compareSpellings(
  a: { distance: number; popularity: number; documents: number },
  b: { distance: number; popularity: number; documents: number },
): number {
  return a.distance - b.distance || b.popularity - a.popularity || b.documents - a.documents;
}
