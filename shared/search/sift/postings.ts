// The posting lists as stored: per term, its documents ascending and delta-coded, in a byte-shuffled
// section (sections.ts) read in place. A list is decoded as a search visits it, so opening an index
// decodes nothing (a million documents' postings took seconds to decode up front).
import type { DerivedArrays } from './derived';
import type { Dictionary } from './dictionary';
import type { ShuffledUint32 } from './sections';

/** Posting k's delta among `n` byte-shuffled ones (document numbers stay below 2^31). */
export function deltaAt(deltas: Uint8Array, n: number, k: number): number {
  return deltas[k]! | (deltas[n + k]! << 8) | (deltas[2 * n + k]! << 16) | (deltas[3 * n + k]! << 24);
}

export class PostingLists {
  /** Postings of term t are at [starts[t], starts[t + 1]). */
  readonly starts: Uint32Array;

  constructor(
    readonly terms: Dictionary,
    termCounts: ShuffledUint32,
    /** The byte-shuffled deltas: byte b of posting k is at b × (number of postings) + k. */
    readonly deltas: Uint8Array,
    /** Per posting, bit p: the document holds the term in searched property p. */
    readonly masks: Uint8Array,
    derived: DerivedArrays,
  ) {
    this.starts = derived.array('postings.starts', Uint32Array, terms.length + 1, () => {
      const starts = new Uint32Array(terms.length + 1);
      for (let t = 0; t < terms.length; t += 1) starts[t + 1] = starts[t]! + termCounts.get(t);
      return starts;
    });
  }

  size(term: number): number {
    return this.starts[term + 1]! - this.starts[term]!;
  }

  /** The documents of `term`, ascending. */
  documents(term: number): Uint32Array {
    const { deltas, starts } = this;
    const n = deltas.length >>> 2;
    const documents = new Uint32Array(this.size(term));
    let d = 0;
    for (let k = starts[term]!; k < starts[term + 1]!; k += 1) {
      d = (d + deltaAt(deltas, n, k)) | 0;
      documents[k - starts[term]!] = d;
    }
    return documents;
  }
}
