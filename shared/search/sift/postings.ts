// The posting lists as stored: per term, its documents ascending and delta-coded, in a byte-shuffled
// section read in place. A list is decoded when a search visits it, so opening an index decodes
// nothing (a million documents' postings took seconds to decode up front).
import type { Dictionary } from './dictionary';
import type { ShuffledUint32 } from './sections';

export class PostingLists {
  /** Postings of term t are at [starts[t], starts[t + 1]). */
  readonly starts: Uint32Array;
  /** The length of the longest list. */
  readonly longest: number;

  constructor(
    readonly terms: Dictionary,
    termCounts: Uint32Array,
    private readonly deltas: ShuffledUint32,
    /** Per posting, bit p: the document holds the term in searched property p. */
    readonly masks: Uint8Array,
  ) {
    this.starts = new Uint32Array(terms.length + 1);
    let longest = 0;
    for (let t = 0; t < terms.length; t += 1) {
      this.starts[t + 1] = this.starts[t]! + termCounts[t]!;
      if (termCounts[t]! > longest) longest = termCounts[t]!;
    }
    this.longest = longest;
  }

  size(term: number): number {
    return this.starts[term + 1]! - this.starts[term]!;
  }

  /** Writes the documents of `term` into `into` (at least `longest` long); returns how many. */
  decode(term: number, into: Uint32Array): number {
    const from = this.starts[term]!;
    const count = this.starts[term + 1]! - from;
    let d = 0;
    for (let i = 0; i < count; i += 1) {
      d = i === 0 ? this.deltas.get(from) : d + this.deltas.get(from + i);
      into[i] = d;
    }
    return count;
  }
}
