// The dictionary's derived arrays against the terms they are derived from: each term read back, and
// the prefix each shares with the one before, clamped as the typo walk keeps it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dictionary } from './dictionary';

const commonPrefix = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
};

function expectDerivedFrom(terms: string[]): void {
  const dictionary = Dictionary.of(terms);
  terms.forEach((term, t) => {
    expect(dictionary.term(t)).toBe(term);
    expect(dictionary.termLength(t)).toBe(term.length);
    if (t > 0) expect(dictionary.shared[t]).toBe(Math.min(255, commonPrefix(terms[t - 1]!, term)));
  });
}

describe('Dictionary', () => {
  it('reads back every term and the prefix it shares with the one before', () => {
    // Few letters, so that neighbours share long prefixes; a surrogate pair and an accent among them.
    const unit = fc.constantFrom('a', 'b', 'é', '😀', 'z');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit, minLength: 1, maxLength: 12 }), { maxLength: 80 }),
        (words) => expectDerivedFrom([...words].sort()),
      ),
      { numRuns: 300 },
    );
  });

  it('keeps at most 255 shared code units, however long the shared prefix', () => {
    const long = 'x'.repeat(300);
    expectDerivedFrom([long, `${long}a`, `${long}b`, `${'x'.repeat(254)}y`, 'y']);
  });
});
