import { describe, expect, it } from 'vitest';
import { KeyHashes, keyHash } from './key-hashes';

describe('KeyHashes', () => {
  it('names the hashes of keys added twice, in one block or across blocks', () => {
    const hashes = new KeyHashes();
    for (let i = 0; i < 1_100_000; i += 1) hashes.add(`key ${i}`);
    // The first block holds 2^20 hashes: "key 7" repeats across blocks, "key 1099999" within one.
    for (const again of ['key 7', 'key 1099999', 'key 1099999']) hashes.add(again);
    expect(hashes.repeated()).toEqual(new Set([keyHash('key 7'), keyHash('key 1099999')]));
    expect(new KeyHashes().repeated()).toEqual(new Set());
  });
});
