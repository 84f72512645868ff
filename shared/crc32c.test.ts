import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32c } from './crc32c';

/** Bit-by-bit reference from the definition, to check the table-driven version against. */
function referenceCrc32c(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('crc32c', () => {
  it('matches the published check values', () => {
    expect(crc32c('123456789')).toBe(0xe3069283);
    expect(crc32c('')).toBe(0);
    expect(crc32c(new Uint8Array(32))).toBe(0x8a9136aa); // RFC 3720 B.4: 32 bytes of zeros
    expect(crc32c(new Uint8Array(32).fill(0xff))).toBe(0x62a8ab43); // RFC 3720 B.4: 32 bytes of 0xff
  });

  it('hashes strings as UTF-8', () => {
    expect(crc32c('Zürich')).toBe(crc32c(new TextEncoder().encode('Zürich')));
  });

  it('agrees with the bitwise definition, and chunked checksums equal the whole', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (bytes, cut) => {
        const at = Math.min(cut, bytes.length);
        expect(crc32c(bytes)).toBe(referenceCrc32c(bytes));
        expect(crc32c(bytes.subarray(at), crc32c(bytes.subarray(0, at)))).toBe(crc32c(bytes));
      }),
    );
  });
});
