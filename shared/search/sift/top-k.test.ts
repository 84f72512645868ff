// The top hits against a full sort of every candidate: the best `capacity` by score, ties to the
// lower position, best first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TopK } from './top-k';

describe('TopK', () => {
  it('keeps the best by score, ties to the lower position, and lists them best first', () => {
    // Few distinct scores, so that ties are common.
    const candidates = fc
      .array(fc.integer({ min: 0, max: 6 }), { maxLength: 120 })
      .map((scores) => scores.map((score, doc) => ({ score: score / 2, doc })));
    fc.assert(
      fc.property(
        candidates,
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (offered, capacity, reversed) => {
          const top = new TopK(capacity);
          for (const { score, doc } of reversed ? [...offered].reverse() : offered) top.offer(score, doc);
          const expected = [...offered]
            .sort((a, b) => b.score - a.score || a.doc - b.doc)
            .slice(0, capacity)
            .map(({ doc }) => doc);
          expect(top.sorted()).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
