// How a query word matches a dictionary word, and what each kind of match is worth. Lengths are in
// UTF-16 code units (every folded Latin, Greek, Cyrillic, Arabic and common CJK letter is one).

/**
 * The query word is the whole document word, typed to its end: worth more than a prefix, and the
 * more so the longer the word (from 6 letters on, the full 0.9). A short word is more often the
 * start of a longer one: `par` puts Paris above Pār Naogaon, `san` still puts San Francisco above
 * Sanaa, and `del` does not bury Delhi under every "… del …".
 */
export const EXACT_QUALITY = 0.9;
/** The document word starts with the query word. */
export const PREFIX_QUALITY = 0.8;
/** The document word is one or two edits away from the query word (see typoBudget). */
export const TYPO_QUALITY = [0, 0.5, 0.35] as const;

const EXACT_FROM_LENGTH = 3;
const FULL_EXACT_FROM_LENGTH = 6;
/** In a code property (UK, US), a whole word is an exact match (worth EXACT_QUALITY) from this length on. */
export const CODE_FROM_LENGTH = 2;
/** Codes are typed whole: any other match in a code property (`uk` in UKY) counts this share of its weight. */
export const CODE_PREFIX_SHARE = 0.5;

/** Edits (insert, delete, substitute, swap neighbours) a query word may be away from a whole document word. */
export function typoBudget(word: string): 0 | 1 | 2 {
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

/** What matching a whole document word is worth (PREFIX_QUALITY: the word is too short to count as whole). */
export function exactQuality(word: string): number {
  if (word.length < EXACT_FROM_LENGTH) return PREFIX_QUALITY;
  const typedToTheEnd = Math.min(
    1,
    (word.length - EXACT_FROM_LENGTH + 1) / (FULL_EXACT_FROM_LENGTH - EXACT_FROM_LENGTH + 1),
  );
  return PREFIX_QUALITY + (EXACT_QUALITY - PREFIX_QUALITY) * typedToTheEnd;
}
