import { describe, expect, it } from 'vitest';
import { keptChecksum, readKept } from './kept-checksum';

/** Bytes that are not all alike, of a length no block divides. */
const bytes = Uint8Array.from({ length: 1_000 }, (_, i) => (i * 37 + (i >> 3)) & 0xff);

describe('kept checksum', () => {
  it('changes with any one changed byte, the last ones too', () => {
    expect(keptChecksum(bytes)).toMatch(/^[0-9a-f]{16}$/);
    const seen = new Set([keptChecksum(bytes)]);
    for (const at of [0, 3, 4, 500, 991, 992, 999]) {
      const changed = bytes.slice();
      changed[at]! ^= 0x01;
      seen.add(keptChecksum(changed));
    }
    expect(seen.size).toBe(8);
  });

  it('changes when bytes are cut off or zeros added', () => {
    const zeros = new Uint8Array(1_008);
    expect(
      new Set([
        keptChecksum(bytes),
        keptChecksum(bytes.subarray(0, 992)),
        keptChecksum(bytes.subarray(0, 999)),
        keptChecksum(zeros.subarray(0, 1_000)),
        keptChecksum(zeros),
      ]).size,
    ).toBe(5);
  });

  it('takes bytes at any offset', () => {
    const unaligned = new Uint8Array(bytes.length + 1);
    unaligned.set(bytes, 1);
    expect(keptChecksum(unaligned.subarray(1))).toBe(keptChecksum(bytes));
  });

  it('reads a kept Blob with its checksum, and rejects when it cannot be read back', async () => {
    expect(await readKept(new Blob([bytes]))).toEqual({ bytes, checksum: keptChecksum(bytes) });
    const gone = new Blob([bytes]);
    gone.arrayBuffer = () => Promise.reject(new DOMException('The file is gone', 'NotReadableError'));
    await expect(readKept(gone)).rejects.toThrow('The file is gone');
  });
});
