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
/** Words are read as the platform stores them; a big-endian one reads every byte on its own. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
const NO_WORDS = new Uint32Array(0);

/** `crc` (inverted) with bytes [from, to) of `bytes` added one at a time. */
function bytewise(crc: number, bytes: Uint8Array, from: number, to: number): number {
  const t0 = tables[0]!;
  let c = crc;
  for (let i = from; i < to; i += 1) c = t0[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return c;
}

/**
 * The CRC-32C of `data` (strings are hashed as UTF-8) as an unsigned 32-bit integer.
 * Pass a previous result as `crc` to continue a checksum over several chunks. Eight bytes a step
 * through two 32-bit reads: a quarter faster than eight byte reads on a 27 MB artifact.
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
  // Bytes up to a 4-byte boundary, whole 8-byte steps as words, then the bytes left.
  const head = LITTLE_ENDIAN ? Math.min(bytes.length, (4 - (bytes.byteOffset % 4)) % 4) : bytes.length;
  let c = bytewise(~crc >>> 0, bytes, 0, head);
  const wordCount = ((bytes.length - head) >>> 3) << 1;
  // Words only past a boundary: a short input may end before one.
  const words = wordCount > 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset + head, wordCount) : NO_WORDS;
  for (let w = 0; w < words.length; w += 2) {
    const lo = c ^ words[w]!;
    const hi = words[w + 1]!;
    c =
      t7[lo & 0xff]! ^
      t6[(lo >>> 8) & 0xff]! ^
      t5[(lo >>> 16) & 0xff]! ^
      t4[lo >>> 24]! ^
      t3[hi & 0xff]! ^
      t2[(hi >>> 8) & 0xff]! ^
      t1[(hi >>> 16) & 0xff]! ^
      t0[hi >>> 24]!;
  }
  return ~bytewise(c, bytes, head + words.length * 4, bytes.length) >>> 0;
}
