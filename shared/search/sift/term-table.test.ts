import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TermTable } from './term-table';

describe('TermTable', () => {
  it('gives each distinct word one id, counting up as words are first seen, and the words back in string order', () => {
    fc.assert(
      fc.property(
        // Short words from a small alphabet repeat; the full strings bring surrogates, lone ones too.
        fc.array(
          fc.oneof(
            fc.string({ unit: fc.constantFrom('a', 'b', 'é', '😀'), maxLength: 4 }),
            fc.string({ unit: 'binary' }),
          ),
          {
            maxLength: 300,
          },
        ),
        fc.constantFrom(2, 4096),
        (words, slots) => {
          const table = new TermTable(slots);
          const firstSeen = [...new Set(words)];
          expect(words.map((word) => table.idOf(word))).toEqual(words.map((word) => firstSeen.indexOf(word)));
          expect(table.size).toBe(firstSeen.length);
          expect(firstSeen.map((_, t) => table.word(t))).toEqual(firstSeen);
          expect([...table.sortedIds()].map((t) => table.word(t))).toEqual([...firstSeen].sort());
        },
      ),
    );
  });

  it('keeps finding its words as its table grows, and returns words longer than one call takes', () => {
    const table = new TermTable();
    const words = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
    for (const word of words) table.idOf(word);
    expect(words.map((word) => table.idOf(word))).toEqual(words.map((_, i) => i));
    const long = 'ä'.repeat(20_000);
    expect(table.word(table.idOf(long))).toBe(long);
  });
});
