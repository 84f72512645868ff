// The sorted term dictionary: prefix search is a range of it, and typo search walks it as an
// implicit trie (neighbouring terms share prefixes), keeping one edit-distance row per depth and
// skipping every term under a prefix that is already too far from the query word.
import { DerivedArrays } from './derived';

/** Sorts after every character a folded word can hold, so `prefix + END` bounds a prefix range. */
const END = '\uffff';

/**
 * The sorted terms as one text of lines, read in place: a million-document dictionary as an array
 * of strings took 70 MB of heap and a fifth of a second to split on opening.
 */
export class Dictionary {
  /** Term t is text[starts[t], starts[t + 1] - 1). */
  private readonly starts: Uint32Array;
  /** How many leading code units term t shares with term t - 1 (at most 255): the typo walk's steps. */
  readonly shared: Uint8Array;

  /** `text`: `length` sorted terms joined with "\n"; its starts and shared prefixes come from `derived`. */
  constructor(
    private readonly text: string,
    readonly length: number,
    derived = new DerivedArrays(),
  ) {
    this.starts = derived.array('terms.starts', Uint32Array, length + 1, () => lineStarts(text, length));
    this.shared = derived.array('terms.shared', Uint8Array, length, () =>
      sharedPrefixes(text, this.starts, length),
    );
  }

  /** A dictionary of sorted `terms` (none holding a line break). */
  static of(terms: readonly string[]): Dictionary {
    return new Dictionary(terms.join('\n'), terms.length);
  }

  term(t: number): string {
    return this.text.slice(this.starts[t], this.starts[t + 1]! - 1);
  }

  termLength(t: number): number {
    return this.starts[t + 1]! - 1 - this.starts[t]!;
  }

  /** UTF-16 code unit `i` of term `t`. */
  codeAt(t: number, i: number): number {
    return this.text.charCodeAt(this.starts[t]! + i);
  }

  /** How term t compares with `key` (negative: sorts before it), as strings compare. */
  compare(t: number, key: string): number {
    const from = this.starts[t]!;
    const length = this.starts[t + 1]! - 1 - from;
    const shared = Math.min(length, key.length);
    for (let i = 0; i < shared; i += 1) {
      const difference = this.text.charCodeAt(from + i) - key.charCodeAt(i);
      if (difference !== 0) return difference;
    }
    return length - key.length;
  }

  /** The first term not sorting before `key`. */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** [from, to) of the terms starting with `prefix`. */
  prefixRange(prefix: string): [number, number] {
    return [this.lowerBound(prefix), this.lowerBound(prefix + END)];
  }

  startsWith(t: number, prefix: string): boolean {
    if (this.termLength(t) < prefix.length) return false;
    const from = this.starts[t]!;
    for (let i = 0; i < prefix.length; i += 1) {
      if (this.text.charCodeAt(from + i) !== prefix.charCodeAt(i)) return false;
    }
    return true;
  }
}

/** Where each of the `length` lines of `text` starts, and one past its end (native searches for "\n"). */
function lineStarts(text: string, length: number): Uint32Array {
  const starts = new Uint32Array(length + 1);
  let at = 0;
  for (let t = 1; t < length; t += 1) {
    at = text.indexOf('\n', at) + 1;
    starts[t] = at;
  }
  starts[length] = text.length + 1;
  return starts;
}

/**
 * How many leading code units each line shares with the one before (at most 255), in one tight
 * loop (a method call per term took twice as long at a million terms). A shorter line stops the
 * comparison at its "\n", which no term holds.
 */
function sharedPrefixes(text: string, starts: Uint32Array, length: number): Uint8Array {
  const shared = new Uint8Array(length);
  for (let t = 1; t < length; t += 1) {
    const before = starts[t - 1]!;
    const from = starts[t]!;
    const limit = Math.min(from - 1 - before, 255);
    let n = 0;
    while (n < limit && text.charCodeAt(before + n) === text.charCodeAt(from + n)) n += 1;
    shared[t] = n;
  }
  return shared;
}

/**
 * Calls `found(termIndex, distance)` for every term that starts with the same letter as `word` and
 * is within `budget` edits of it (optimal string alignment: insertions, deletions, substitutions
 * and swaps of neighbouring letters), except those starting with `word`, which prefix search
 * finds already. Keeping the first letter walks a twentieth of the dictionary, and people rarely
 * mistype it.
 */
export function typoTerms(
  terms: Dictionary,
  word: string,
  budget: number,
  found: (termIndex: number, distance: number) => void,
): void {
  const codes = new Int32Array(word.length);
  for (let j = 0; j < word.length; j += 1) codes[j] = word.charCodeAt(j);
  // rows[depth] holds the distances between the term's first `depth` letters and each prefix of word.
  const rows: Int32Array[] = [Int32Array.from({ length: word.length + 1 }, (_, j) => j)];
  const [from, end] = terms.prefixRange(word.slice(0, 1));
  let i = from;
  let depth = 0;
  while (i < end) {
    const term = i;
    const length = terms.termLength(term);
    let pruned = false;
    for (; depth < length; depth += 1) {
      rows[depth + 1] ??= new Int32Array(word.length + 1);
      const letter = terms.codeAt(term, depth);
      const previousLetter = depth > 0 ? terms.codeAt(term, depth - 1) : -1;
      if (fillRow(rows, depth, letter, previousLetter, codes, budget) > budget) {
        // Every term under term[0..depth] is at least this far: skip them all.
        i += 1;
        while (i < end && terms.shared[i]! > depth) i += 1;
        pruned = true;
        break;
      }
    }
    if (!pruned) {
      // Outside fillRow's band a row holds no distance: a term this much longer or shorter is too far.
      const distance = Math.abs(length - word.length) > budget ? budget + 1 : rows[length]![word.length]!;
      if (distance > 0 && distance <= budget && !terms.startsWith(term, word)) found(term, distance);
      i += 1;
    }
    // The next term shares this many letters with this one: their rows are still right.
    if (i < end) depth = Math.min(terms.shared[i]!, depth);
  }
}

/**
 * Fills rows[depth + 1] from rows[depth] (and rows[depth - 1] for swaps); returns its smallest
 * distance. Only the cells within `budget` of the diagonal are computed (Ukkonen's cut-off): any
 * other is more than `budget` already. The cells just outside that band are set to `budget + 1`,
 * which is all the next row needs of them.
 */
function fillRow(
  rows: Int32Array[],
  depth: number,
  letter: number,
  previousLetter: number,
  codes: Int32Array,
  budget: number,
): number {
  const above = rows[depth]!;
  const row = rows[depth + 1]!;
  const twoAbove = depth > 0 ? rows[depth - 1]! : undefined;
  const length = depth + 1;
  const from = Math.max(1, length - budget);
  const to = Math.min(codes.length, length + budget);
  let least = length;
  row[0] = length;
  if (from > 1 && from - 1 <= codes.length) row[from - 1] = budget + 1;
  for (let j = from; j <= to; j += 1) {
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
  if (to < codes.length) row[to + 1] = budget + 1;
  return least;
}
