// The sorted term dictionary: prefix search is a range of it, and typo search walks it as an
// implicit trie (neighbouring terms share prefixes), keeping one edit-distance row per depth and
// skipping every term under a prefix that is already too far from the query word.

/** Sorts after every character a folded word can hold, so `prefix + END` bounds a prefix range. */
const END = '\uffff';

export function lowerBound(terms: readonly string[], key: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [from, to) of the terms starting with `prefix`. */
export function prefixRange(terms: readonly string[], prefix: string): [number, number] {
  return [lowerBound(terms, prefix), lowerBound(terms, prefix + END)];
}

/**
 * Calls `found(termIndex, distance)` for every term that starts with the same letter as `word` and
 * is within `budget` edits of it (optimal string alignment: insertions, deletions, substitutions
 * and swaps of neighbouring letters), except those starting with `word`, which prefix search
 * finds already. Keeping the first letter walks a twentieth of the dictionary, and people rarely
 * mistype it.
 */
export function typoTerms(
  terms: readonly string[],
  word: string,
  budget: number,
  found: (termIndex: number, distance: number) => void,
): void {
  const codes = new Int32Array(word.length);
  for (let j = 0; j < word.length; j += 1) codes[j] = word.charCodeAt(j);
  // rows[depth] holds the distances between the term's first `depth` letters and each prefix of word.
  const rows: Int32Array[] = [Int32Array.from({ length: word.length + 1 }, (_, j) => j)];
  let previous = '';
  const [from, end] = prefixRange(terms, word.slice(0, 1));
  let i = from;
  while (i < end) {
    const term = terms[i]!;
    let depth = sharedPrefixLength(previous, term);
    previous = term;
    let pruned = false;
    for (; depth < term.length; depth += 1) {
      rows[depth + 1] ??= new Int32Array(word.length + 1);
      if (fillRow(rows, depth, term, codes) > budget) {
        // Every term under term[0..depth] is at least this far: skip them all (few, at this depth).
        i += 1;
        while (i < end && sharedPrefixLength(term, terms[i]!) > depth) i += 1;
        previous = term;
        pruned = true;
        break;
      }
    }
    if (pruned) continue;
    const distance = rows[term.length]![word.length]!;
    if (distance > 0 && distance <= budget && !term.startsWith(word)) found(i, distance);
    i += 1;
  }
}

function sharedPrefixLength(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let n = 0;
  while (n < length && a.charCodeAt(n) === b.charCodeAt(n)) n += 1;
  return n;
}

/** Fills rows[depth + 1] from rows[depth] (and rows[depth - 1] for swaps); returns its smallest distance. */
function fillRow(rows: Int32Array[], depth: number, term: string, codes: Int32Array): number {
  const above = rows[depth]!;
  const row = rows[depth + 1]!;
  const twoAbove = depth > 0 ? rows[depth - 1]! : undefined;
  const letter = term.charCodeAt(depth);
  const previousLetter = depth > 0 ? term.charCodeAt(depth - 1) : -1;
  let least = depth + 1;
  row[0] = least;
  for (let j = 1; j < row.length; j += 1) {
    const code = codes[j - 1]!;
    let distance = above[j - 1]! + (code === letter ? 0 : 1);
    if (above[j]! + 1 < distance) distance = above[j]! + 1;
    if (row[j - 1]! + 1 < distance) distance = row[j - 1]! + 1;
    if (
      twoAbove &&
      j > 1 &&
      letter === codes[j - 2] &&
      previousLetter === code &&
      twoAbove[j - 2]! + 1 < distance
    ) {
      distance = twoAbove[j - 2]! + 1;
    }
    row[j] = distance;
    if (distance < least) least = distance;
  }
  return least;
}
