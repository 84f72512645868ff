// Gunzip fed in chunks of any size gives back the bytes compressed, in one array; a corrupt,
// truncated or overlong stream fails from `end`, never from `write`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gunzip, gunzipBytes, gzipSize } from './gunzip';

const gzip = async (bytes: Uint8Array) =>
  new Uint8Array(
    await new Response(
      new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip')),
    ).arrayBuffer(),
  );

/** `bytes` fed to `inflating` in pieces cut at `cuts` (offsets, any order). */
function feed(inflating: ReturnType<typeof gunzip>, bytes: Uint8Array, cuts: number[]) {
  const ends = [...new Set(cuts.map((cut) => cut % (bytes.length + 1))), bytes.length].sort((a, b) => a - b);
  let from = 0;
  for (const end of ends) {
    inflating.write(bytes.subarray(from, end));
    from = end;
  }
  return inflating.end();
}

describe('gunzip', () => {
  it('gives back what was compressed, fed in pieces of any size, with or without the size known', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 200_000 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.boolean(),
        async (original, cuts, sized) => {
          const compressed = await gzip(original);
          expect(gzipSize(compressed)).toBe(original.length);
          const inflated = await feed(gunzip(sized ? original.length : undefined), compressed, cuts);
          expect(inflated).toEqual(original);
        },
      ),
      { numRuns: 40 },
    );
    const text = new TextEncoder().encode('sift '.repeat(100_000));
    expect(await gunzipBytes(await gzip(text))).toEqual(text);
  });

  it('fails from end on a corrupt or truncated stream, and on one longer than its trailer says', async () => {
    const original = new TextEncoder().encode('a line of text\n'.repeat(5_000));
    const compressed = await gzip(original);
    const corrupt = compressed.slice();
    corrupt[corrupt.length >> 1]! ^= 0xff;
    await expect(gunzipBytes(corrupt)).rejects.toThrow();
    await expect(feed(gunzip(), compressed.subarray(0, compressed.length - 9), [100])).rejects.toThrow();
    await expect(feed(gunzip(original.length - 1), compressed, [])).rejects.toThrow(/longer than the/);
  });
});
