// The Unicode-aware tokenizer shared by every search engine, on the server (index build) and in
// the worker (queries): accents and letter variants fold, any non-letter/digit splits, Arabic is
// normalised. Orama's default tokenizer keeps "zürich" ≠ "zurich" and drops Arabic entirely.

/** Letters that Unicode decomposition leaves alone but readers treat as plain Latin ones. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  þ: 'th',
  // Arabic: teh marbuta and alef maksura are written interchangeably with heh and yeh;
  // Persian/Urdu keheh and farsi yeh stand for kaf and yeh in place names.
  ة: 'ه',
  ى: 'ي',
  ی: 'ي',
  ک: 'ك',
};
const FOLDABLE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'gu');
const MARKS_AND_TATWEEL = /[\p{M}\u0640]/gu;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const ARABIC_ARTICLE = /^(ال)(?=\p{Script=Arabic}{2})/u;

/** Lower-cases and folds text so that spelling variants compare equal ("São" → "sao"). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS_AND_TATWEEL, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(ARABIC_INDIC_DIGIT, (digit) => String(digit.charCodeAt(0) & 0xf));
}

const foldedWords = (text: string): string[] => [...new Set(foldText(text).match(WORD) ?? [])];

/**
 * The distinct words of a query, folded, in order; Arabic words without their definite article,
 * which the index holds both ways, so that "الخرطوم" also finds a name written "خرطوم".
 */
export function tokenize(text: string): string[] {
  return [...new Set(foldedWords(text).map((word) => word.replace(ARABIC_ARTICLE, '')))];
}

/**
 * The words a document is indexed under: its folded words, plus each Arabic word without its
 * definite article, so "قاهرة" finds "القاهرة".
 */
export function tokenizeForIndex(text: string): string[] {
  const words = foldedWords(text);
  const stripped = words.filter((w) => ARABIC_ARTICLE.test(w)).map((w) => w.replace(ARABIC_ARTICLE, ''));
  return stripped.length === 0 ? words : [...new Set([...words, ...stripped])];
}
