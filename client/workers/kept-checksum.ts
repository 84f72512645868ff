// The checksum a cached segment's decompressed bytes and the engine's derived arrays are kept with and
// checked against at every start (ADR 021): four 32-bit multiply-rotate lanes over 16-byte blocks, in
// JavaScript on the worker's thread, 25–50 ms for 86 MB in Chromium. Not WebCrypto's SHA-256:
// Chromium computes that on the calling thread too, at 150 ms to 0.9 s for the same bytes. It guards
// against a damaged or partial copy (any one changed word always changes it; the length is part of
// it), not against someone who can write the device's storage: they could write the bytes and their
// checksum as well.

const BLOCK = 16;
const MULTIPLIERS = [0xcc9e2d51, 0x1b873593, 0x85ebca6b, 0xc2b2ae35] as const;
const ROTATIONS = [15, 13, 17, 11] as const;

/** `h` with `word` mixed in: one-to-one in each of them while the other stays the same. */
const mix = (h: number, word: number, multiplier: number, rotation: number) => {
  const x = Math.imul(h ^ word, multiplier);
  return (x << rotation) | (x >>> (32 - rotation));
};

/** The lanes `lanes` become with `words` (a multiple of 4) mixed in. */
function mixBlocks(lanes: [number, number, number, number], words: Uint32Array): void {
  let [a, b, c, d] = lanes;
  for (let i = 0; i < words.length; i += 4) {
    a = mix(a, words[i]!, MULTIPLIERS[0], ROTATIONS[0]);
    b = mix(b, words[i + 1]!, MULTIPLIERS[1], ROTATIONS[1]);
    c = mix(c, words[i + 2]!, MULTIPLIERS[2], ROTATIONS[2]);
    d = mix(d, words[i + 3]!, MULTIPLIERS[3], ROTATIONS[3]);
  }
  lanes.splice(0, 4, a, b, c, d);
}

/** The checksum of `bytes`, in hex (16 digits). */
export function keptChecksum(bytes: Uint8Array): string {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const whole = aligned.length - (aligned.length % BLOCK);
  const lanes: [number, number, number, number] = [0x9e3779b9, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f];
  mixBlocks(lanes, new Uint32Array(aligned.buffer, aligned.byteOffset, whole >>> 2));
  if (whole < aligned.length) {
    // The last bytes, zero-padded to a block: the length, mixed in at the end, tells them apart.
    const tail = new Uint8Array(BLOCK);
    tail.set(aligned.subarray(whole));
    mixBlocks(lanes, new Uint32Array(tail.buffer));
  }
  // Each lane goes through chains one-to-one in it: a change to one lane changes the first half.
  let first = aligned.length >>> 0;
  for (let i = 0; i < 4; i += 1) first = mix(first, lanes[i]!, MULTIPLIERS[i]!, 13);
  let second = Math.floor(aligned.length / 2 ** 32) ^ first;
  for (let i = 3; i >= 0; i -= 1) second = mix(second, lanes[i]!, MULTIPLIERS[i]!, 17);
  return [first, second].map((half) => (half >>> 0).toString(16).padStart(8, '0')).join('');
}

/**
 * The bytes of a kept Blob and their checksum; rejects when the Blob cannot be read (its file gone).
 * Read whole: Chromium hands a worker 86 MB in 75–100 ms so, and takes about twice that in parts.
 */
export async function readKept(blob: Blob): Promise<{ bytes: Uint8Array; checksum: string }> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return { bytes, checksum: keptChecksum(bytes) };
}
