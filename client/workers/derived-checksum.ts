// The checksum the engine's derived arrays are kept with and checked against at every start (ADR
// 021): two 32-bit multiply-rotate lanes over the pack's words, in JavaScript on the worker's
// thread, about 20 times faster there than WebCrypto's SHA-256, which Chromium computes on the
// calling thread too (0.5 s for 86 MB in a dedicated worker on this machine). It guards against a
// damaged or partial copy, not against someone who can write the device's storage: they could write
// the artifact's bytes and their digest as well.

/** The checksum of `bytes` (a derived pack, whose length is a multiple of 8), in hex. */
export function derivedChecksum(bytes: Uint8Array): string {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  let a = 0x9e3779b9 ^ bytes.byteLength;
  let b = 0x85ebca6b;
  for (let i = 0; i < words.length; i += 2) {
    a = Math.imul(a ^ words[i]!, 0xcc9e2d51);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b ^ (words[i + 1] ?? 0), 0x1b873593);
    b = (b << 13) | (b >>> 19);
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b) ^ b;
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35) ^ a;
  return [a, b].map((lane) => (lane >>> 0).toString(16).padStart(8, '0')).join('');
}
