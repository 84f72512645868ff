// Spots keys used more than once among millions of records without holding the keys: 52 bits of each
// key's MD5 go into a typed array (8 bytes a record), and once it is sorted, equal neighbours name the
// few hashes whose keys a second read compares in full.
import { hash } from 'node:crypto';

export const keyHash = (key: string) => Number.parseInt(hash('md5', key).slice(0, 13), 16);

export class KeyHashes {
  private hashes = new Float64Array(1 << 12);
  private count = 0;

  add(key: string) {
    if (this.count === this.hashes.length) {
      const grown = new Float64Array(this.count * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[this.count++] = keyHash(key);
  }

  /** The hashes added more than once: repeated keys, or (rarely) different keys with the same hash. */
  repeated(): Set<number> {
    const sorted = this.hashes.subarray(0, this.count).sort();
    const repeated = new Set<number>();
    for (let i = 1; i < sorted.length; i += 1) {
      if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
    }
    return repeated;
  }
}
