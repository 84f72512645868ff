// Spots keys used more than once among millions of records without holding the keys: 52 bits of each
// key's MD5 go into typed arrays (8 bytes a record), and once those are sorted, equal neighbours name
// the few hashes whose keys a second read compares in full.
import { hash } from 'node:crypto';

export const keyHash = (key: string) => Number.parseInt(hash('md5', key).slice(0, 13), 16);

/** Hashes per block: blocks, unlike one growing array, are never copied nor allocated twice over. */
const BLOCK = 1 << 20;

export class KeyHashes {
  private blocks: Float64Array[] = [];
  /** Hashes in the last block. */
  private filled = BLOCK;

  add(key: string) {
    if (this.filled === BLOCK) {
      this.blocks.push(new Float64Array(BLOCK));
      this.filled = 0;
    }
    this.blocks.at(-1)![this.filled++] = keyHash(key);
  }

  /** The hashes added more than once: repeated keys, or (rarely) different keys with the same hash. */
  repeated(): Set<number> {
    const last = this.blocks.length - 1;
    const sorted = this.blocks.map((block, i) =>
      (i === last ? block.subarray(0, this.filled) : block).sort(),
    );
    // Merges the sorted blocks, comparing each hash with the one before it.
    const heads = sorted.map((values) => ({ values, at: 0 }));
    const repeated = new Set<number>();
    let previous = Number.NaN;
    for (;;) {
      let smallest: (typeof heads)[number] | undefined;
      for (const head of heads) {
        if (head.at === head.values.length) continue;
        if (!smallest || head.values[head.at]! < smallest.values[smallest.at]!) smallest = head;
      }
      if (!smallest) return repeated;
      const value = smallest.values[smallest.at++]!;
      if (value === previous) repeated.add(value);
      previous = value;
    }
  }
}
