// The typo rule of the search contract, stated plainly (the engine walks its dictionary instead):
// used by the reference search and to show which words a typo matched.

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
 * Typo tolerance (Sift): a folded query word of 4+ letters may be 1 edit from a whole folded word
 * with the same first letter, of 8+ letters 2 edits.
 */
export function isTypoOf(queryWord: string, word: string): boolean {
  const budget = queryWord.length >= 8 ? 2 : queryWord.length >= 4 ? 1 : 0;
  return budget > 0 && queryWord[0] === word[0] && editDistance(queryWord, word) <= budget;
}
