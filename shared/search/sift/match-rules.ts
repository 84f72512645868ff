// How a query word matches a dictionary word, and what each kind of match is worth. Lengths are in
// UTF-16 code units (every folded Latin, Greek, Cyrillic, Arabic and common CJK letter is one).

/**
 * The query word is the whole document word (from 3 letters on; shorter words are only prefixes).
 * A little above a prefix: enough for "san" to put San Francisco above Sanaa, not enough for
 * "del" to bury Delhi under every "… del …".
 */
export const EXACT_QUALITY = 0.9;
/** The document word starts with the query word. */
export const PREFIX_QUALITY = 0.8;
/** The document word is one or two edits away from the query word (see typoBudget). */
export const TYPO_QUALITY = [0, 0.5, 0.35] as const;

const EXACT_FROM_LENGTH = 3;

/** Edits (insert, delete, substitute, swap neighbours) a query word may be away from a whole document word. */
export function typoBudget(word: string): 0 | 1 | 2 {
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

export function prefixQuality(word: string, term: string): number {
  return term.length === word.length && word.length >= EXACT_FROM_LENGTH ? EXACT_QUALITY : PREFIX_QUALITY;
}
