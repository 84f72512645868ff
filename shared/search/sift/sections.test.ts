import { describe, expect, it } from 'vitest';
import { layOutSections, layoutBytes, SectionReader, ShuffledUint32 } from './sections';

/**
 * Where two arrays first differ (or their lengths), undefined when equal: toEqual walks a typed
 * array value by value through its generic equality, seconds for a few megabytes.
 */
function firstDifference(actual: ArrayLike<number>, expected: ArrayLike<number>) {
  if (actual.length !== expected.length) return { length: actual.length, expected: expected.length };
  for (let i = 0; i < actual.length; i += 1) {
    if (actual[i] !== expected[i]) return { at: i, actual: actual[i], expected: expected[i] };
  }
  return undefined;
}

describe('layOutSections', () => {
  it('lays sections out chunk by chunk as they are read, each read back as written', () => {
    // More 32-bit values than one shuffled chunk holds, with all four bytes of each in use.
    const large = Uint32Array.from({ length: 600_000 }, (_, i) => (i * 2_654_435_761) >>> 0);
    const text = new TextEncoder().encode('Zürich\nالقاهرة');
    const small = Uint32Array.of(0, 1, 0xffff_ffff);
    const layout = layOutSections({ documentCount: 3 }, { large, text, small });

    const chunks = [...layout.chunks()];
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks.reduce((sum, chunk) => sum + chunk.length, 0)).toBe(layout.size);
    const bytes = new Uint8Array(layout.size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }

    const reader = new SectionReader<{ documentCount: number }>(bytes);
    expect(reader.header.documentCount).toBe(3);
    expect(reader.sections).toEqual(['large', 'text', 'small']);
    expect(firstDifference(reader.uint32('large'), large)).toBeUndefined();
    expect(new ShuffledUint32(reader.uint8('large')).get(599_999)).toBe(large[599_999]);
    expect(new TextDecoder().decode(reader.uint8('text'))).toBe('Zürich\nالقاهرة');
    expect(reader.uint32('small')).toEqual(small);

    const again = layOutSections({ documentCount: 3 }, { large, text, small });
    expect(firstDifference(layoutBytes(again), bytes)).toBeUndefined();
  });
});
