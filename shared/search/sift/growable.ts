// Typed arrays that grow as values are appended, for building an index one document at a time
// without a JavaScript array (8 bytes and more per number) of everything seen so far.

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;
type TypedArrayConstructor<T extends TypedArray> = new (length: number) => T;

export class Growable<T extends TypedArray> {
  private values: T;
  length = 0;

  constructor(
    private readonly make: TypedArrayConstructor<T>,
    capacity = 1024,
  ) {
    this.values = new make(capacity);
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const larger = new this.make(this.values.length * 2);
      larger.set(this.values as never);
      this.values = larger;
    }
    this.values[this.length++] = value;
  }

  get(i: number): number {
    return this.values[i]!;
  }

  set(i: number, value: number): void {
    this.values[i] = value;
  }

  /** The values appended so far, viewed (not copied): valid until the next push. */
  view(): T {
    return this.values.subarray(0, this.length) as T;
  }

  /** The values appended so far in an array of their own size. */
  trimmed(): T {
    return this.values.slice(0, this.length) as T;
  }
}
