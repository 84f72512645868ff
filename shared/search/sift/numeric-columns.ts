// Numeric properties as arrays of numbers (NaN where a document has none), made from the stored
// fields on first use and kept: range filters, histograms and distances read them once per match.
import type { StoredFields } from './stored-fields';

export class NumericColumns {
  private readonly made = new Map<string, Float64Array>();

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
}

/** The bucket of `value` among ascending `boundaries`: 0 below the first, n at or above the n-th. */
export function bucketOf(boundaries: readonly number[], value: number): number {
  let bucket = 0;
  while (bucket < boundaries.length && value >= boundaries[bucket]!) bucket += 1;
  return bucket;
}
