// CRC-32C (Castagnoli), the checksum of index artifacts and stored items; one implementation for
// the browser and the server. Slice-by-8 tables: ~10× faster than bytewise on multi-MB artifacts.

const POLYNOMIAL = 0x82f63b78; // reversed Castagnoli polynomial

const tables: Uint32Array[] = (() => {
  const result = Array.from({ length: 8 }, () => new Uint32Array(256));
  const first = result[0]!;
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ POLYNOMIAL : c >>> 1;
    first[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n += 1) {
    let c = first[n]!;
    for (let t = 1; t < 8; t += 1) {
      c = first[c & 0xff]! ^ (c >>> 8);
      result[t]![n] = c >>> 0;
    }
  }
  return result;
})();

const encoder = new TextEncoder();

/**
 * The CRC-32C of `data` (strings are hashed as UTF-8) as an unsigned 32-bit integer.
 * Pass a previous result as `crc` to continue a checksum over several chunks.
 */
export function crc32c(data: Uint8Array | string, crc = 0): number {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const [t0, t1, t2, t3, t4, t5, t6, t7] = tables as [
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
  ];
  let c = ~crc >>> 0;
  let i = 0;
  const end8 = bytes.length - (bytes.length % 8);
  while (i < end8) {
    const lo = (c ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24))) >>> 0;
    c =
      t7[lo & 0xff]! ^
      t6[(lo >>> 8) & 0xff]! ^
      t5[(lo >>> 16) & 0xff]! ^
      t4[lo >>> 24]! ^
      t3[bytes[i + 4]!]! ^
      t2[bytes[i + 5]!]! ^
      t1[bytes[i + 6]!]! ^
      t0[bytes[i + 7]!]!;
    i += 8;
  }
  while (i < bytes.length) {
    c = t0[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
    i += 1;
  }
  return ~c >>> 0;
}
