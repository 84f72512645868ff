// Numeric properties as arrays of numbers (NaN where a document has none), made from the stored
// fields on first use and kept: range filters, histograms and distances read them once per match.
// A histogram's bucket of every document is kept too, so that counting a match is one increment:
// a short prefix matches most documents, and finding each one's bucket doubled its search.
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
      const read = this.stored.column(property);
      values = new Float64Array(this.documentCount);
      for (let d = 0; d < this.documentCount; d += 1) {
        const value = read(d);
        values[d] = typeof value === 'number' ? value : Number.NaN;
      }
      this.made.set(property, values);
    }
    return values;
  }

  /** Each document's bucket of `property` among `boundaries` (bucketOf), NO_BUCKET without a number. */
  buckets(property: string, boundaries: readonly number[]): Uint16Array {
    const key = `${property}\u0000${boundaries.join(',')}`;
    let buckets = this.bucketed.get(key);
    if (!buckets) {
      const values = this.get(property);
      buckets = new Uint16Array(this.documentCount);
      for (let d = 0; d < this.documentCount; d += 1) {
        buckets[d] = Number.isNaN(values[d]!) ? NO_BUCKET : bucketOf(boundaries, values[d]!);
      }
      if (this.bucketed.size >= KEPT_HISTOGRAMS) this.bucketed.clear();
      this.bucketed.set(key, buckets);
    }
    return buckets;
  }
}

/** The bucket of `value` among ascending `boundaries`: 0 below the first, n at or above the n-th. */
export function bucketOf(boundaries: readonly number[], value: number): number {
  let bucket = 0;
  while (bucket < boundaries.length && value >= boundaries[bucket]!) bucket += 1;
  return bucket;
}
