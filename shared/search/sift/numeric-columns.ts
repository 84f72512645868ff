// Numeric properties as arrays of numbers (NaN where a document has none), made from the stored
// fields on first use and kept: range filters and distances read them once per match. A
// histogram's bucket of every document is kept instead of its numbers, so that counting a match is
// one increment: a short prefix matches most documents, and finding each one's bucket doubled its
// search.
import type { StoredFields } from './stored-fields';

/** The bucket of a document without a number. */
export const NO_BUCKET = 0xffff;
/** Histograms whose buckets are kept; the app asks for one per range filter. */
const KEPT_HISTOGRAMS = 16;

export class NumericColumns {
  private readonly made = new Map<string, Float64Array>();
  private readonly bucketed = new Map<string, Uint16Array>();

  constructor(
    private readonly stored: StoredFields,
    private readonly documentCount: number,
  ) {}

  get(property: string): Float64Array {
    let values = this.made.get(property);
    if (!values) {
      const read = this.reader(property);
      values = new Float64Array(this.documentCount);
      for (let d = 0; d < this.documentCount; d += 1) values[d] = read(d);
      this.made.set(property, values);
    }
    return values;
  }

  /**
   * Each document's bucket of `property` among `boundaries` (bucketOf), NO_BUCKET without a number.
   * Read from the stored fields unless a range or a distance made the numbers already: every screen
   * search asks for a histogram, and the numbers would stay for nothing (8 MB at 1M documents).
   */
  buckets(property: string, boundaries: readonly number[]): Uint16Array {
    const key = `${property}\u0000${boundaries.join(',')}`;
    let buckets = this.bucketed.get(key);
    if (!buckets) {
      const made = this.made.get(property);
      const read = made ? (d: number) => made[d]! : this.reader(property);
      buckets = new Uint16Array(this.documentCount);
      for (let d = 0; d < this.documentCount; d += 1) {
        const value = read(d);
        buckets[d] = Number.isNaN(value) ? NO_BUCKET : bucketOf(boundaries, value);
      }
      if (this.bucketed.size >= KEPT_HISTOGRAMS) this.bucketed.clear();
      this.bucketed.set(key, buckets);
    }
    return buckets;
  }

  /** Document d's number in `property`, NaN without one. */
  private reader(property: string): (d: number) => number {
    const read = this.stored.column(property);
    return (d) => {
      const value = read(d);
      return typeof value === 'number' ? value : Number.NaN;
    };
  }
}

/** The bucket of `value` among ascending `boundaries`: 0 below the first, n at or above the n-th. */
export function bucketOf(boundaries: readonly number[], value: number): number {
  let bucket = 0;
  while (bucket < boundaries.length && value >= boundaries[bucket]!) bucket += 1;
  return bucket;
}
