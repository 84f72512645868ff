// The best `capacity` documents by score, ties going to the lower position (the better rank):
// a binary heap whose root is the worst kept, so most candidates cost one comparison.

export class TopK {
  private readonly scores: Float64Array;
  private readonly docs: Int32Array;
  private size = 0;

  constructor(private readonly capacity: number) {
    this.scores = new Float64Array(capacity);
    this.docs = new Int32Array(capacity);
  }

  private worse(a: number, b: number): boolean {
    const sa = this.scores[a]!;
    const sb = this.scores[b]!;
    return sa < sb || (sa === sb && this.docs[a]! > this.docs[b]!);
  }

  private swap(a: number, b: number): void {
    const score = this.scores[a]!;
    const doc = this.docs[a]!;
    this.scores[a] = this.scores[b]!;
    this.docs[a] = this.docs[b]!;
    this.scores[b] = score;
    this.docs[b] = doc;
  }

  offer(score: number, doc: number): void {
    if (this.size < this.capacity) {
      let i = this.size;
      this.size += 1;
      this.scores[i] = score;
      this.docs[i] = doc;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.capacity === 0) return;
    const root = this.scores[0]!;
    if (score < root || (score === root && doc > this.docs[0]!)) return;
    this.scores[0] = score;
    this.docs[0] = doc;
    this.siftDown();
  }

  /** Moves the root down to its place among the first `size`. */
  private siftDown(): void {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && this.worse(right, left) ? right : left;
      if (!this.worse(child, i)) break;
      this.swap(child, i);
      i = child;
    }
  }

  get full(): boolean {
    return this.size === this.capacity;
  }

  /** The lowest score kept (once full, a candidate must beat it, or tie it at a lower position). */
  get worstScore(): number {
    return this.scores[0]!;
  }

  /**
   * The kept documents, best first; empties the heap. The worst is taken off the root into the last
   * place still open, which a comparison sort of the same documents took twice as long for.
   */
  sorted(): number[] {
    const docs = new Array<number>(this.size);
    while (this.size > 0) {
      const last = this.size - 1;
      docs[last] = this.docs[0]!;
      this.swap(0, last);
      this.size = last;
      this.siftDown();
    }
    return docs;
  }
}
