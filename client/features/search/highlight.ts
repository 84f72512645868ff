// Marks the parts of a text that the search matched: the start of each word that a query word is a
// prefix of, and whole words it matched with a typo, compared the way the search tokenizer compares
// them (accents and letter variants folded).
import { foldText } from '#shared/search/tokenizer';
import { isTypoOf } from '#shared/search/typo-match';

export interface Segment {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const ARABIC_ARTICLE = /^ال(?=\p{Script=Arabic}{2})/u;

/** How many code units of `word` spell the folded prefix `prefix` (at least one code point). */
function originalLength(word: string, prefix: string): number {
  let length = 0;
  for (const char of word) {
    length += char.length;
    if (foldText(word.slice(0, length)).length >= prefix.length) break;
  }
  return length;
}

/** The matched length at the start of `word`, or 0. */
function matchedLength(word: string, queryWords: readonly string[]): number {
  const folded = foldText(word);
  const longest = queryWords.filter((q) => folded.startsWith(q)).sort((a, b) => b.length - a.length)[0];
  if (longest) return originalLength(word, longest);
  // The index also holds Arabic words without their article ("قاهرة" finds "القاهرة").
  const bare = folded.replace(ARABIC_ARTICLE, '');
  if (bare !== folded && queryWords.some((q) => bare.startsWith(q))) return word.length;
  // A typo matches whole words only (`londn` → London).
  return queryWords.some((q) => isTypoOf(q, folded) || isTypoOf(q, bare)) ? word.length : 0;
}

/** `text` cut into matched and unmatched runs; `queryWords` are folded (shared tokenize()). */
export function highlight(text: string, queryWords: readonly string[]): Segment[] {
  if (queryWords.length === 0) return [{ text, match: false }];
  const segments: Segment[] = [];
  let plainFrom = 0;
  for (const found of text.matchAll(WORD)) {
    const length = matchedLength(found[0], queryWords);
    if (length === 0) continue;
    if (found.index > plainFrom) segments.push({ text: text.slice(plainFrom, found.index), match: false });
    segments.push({ text: text.slice(found.index, found.index + length), match: true });
    plainFrom = found.index + length;
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom), match: false });
  return segments;
}

export function hasMatch(text: string, queryWords: readonly string[]): boolean {
  return highlight(text, queryWords).some((segment) => segment.match);
}
