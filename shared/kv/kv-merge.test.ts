import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KvRecord } from './kv-item';
import { compareRecords, mergeRecord, mergeRecords } from './kv-merge';
import { removeRecord, setRecord } from './kv-transitions';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

/** Random versions of a few keys at a few instants, so equal times are common. */
const recordArbitrary: fc.Arbitrary<KvRecord> = fc
  .record({
    key: fc.constantFrom('a', 'b', 'c'),
    value: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.dictionary(fc.string(), fc.boolean())),
    ms: fc.integer({ min: 0, max: 3 }),
    removed: fc.boolean(),
    ttl: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  })
  .map(({ key, value, ms, removed, ttl }) => {
    const record = setRecord(undefined, key, value, ttl ? { ttl } : {}, at(ms));
    return removed ? removeRecord(record, {}, at(ms))! : record;
  });

describe('merge rule', () => {
  it('lets the newer `updated` win', () => {
    const old = setRecord(undefined, 'k', 'old', {}, at(0));
    const newer = setRecord(undefined, 'k', 'new', {}, at(1));
    expect(mergeRecord(old, newer)).toBe(newer);
    expect(mergeRecord(newer, old)).toBe(newer);
    expect(mergeRecord(undefined, old)).toBe(old);
  });

  it('keeps the current record when the incoming one is the same version', () => {
    const record = setRecord(undefined, 'k', 'v', {}, at(0));
    const copy = JSON.parse(JSON.stringify(record)) as KvRecord;
    expect(compareRecords(record, copy)).toBe(0);
    expect(mergeRecord(record, copy)).toBe(record);
  });

  it('breaks ties of equal times deterministically and antisymmetrically', () => {
    fc.assert(
      fc.property(recordArbitrary, recordArbitrary, (a, b) => {
        expect(Math.sign(compareRecords(a, b)) + Math.sign(compareRecords(b, a))).toBe(0);
        if (compareRecords(a, b) === 0) expect(JSON.stringify(a.value)).toBe(JSON.stringify(b.value));
      }),
    );
  });

  it('ends with the same records whatever order the versions arrive in', () => {
    fc.assert(
      fc.property(
        fc.array(recordArbitrary, { maxLength: 12 }),
        fc.infiniteStream(fc.nat()),
        (records, seeds) => {
          const shuffled = [...records].sort(() => (seeds.next().value % 3) - 1);
          const inOrder = mergeRecords(new Map(), records).merged;
          const reordered = mergeRecords(new Map(), shuffled).merged;
          // Merging in two halves (two devices meeting at the server) agrees too.
          const half = Math.floor(shuffled.length / 2);
          const halves = mergeRecords(
            mergeRecords(new Map(), shuffled.slice(0, half)).merged,
            mergeRecords(new Map(), shuffled.slice(half)).merged.values(),
          ).merged;
          for (const merged of [reordered, halves]) {
            expect(new Map([...merged].sort())).toEqual(new Map([...inOrder].sort()));
          }
        },
      ),
    );
  });

  it('reports only the records that changed the merged map', () => {
    const a = setRecord(undefined, 'a', 1, {}, at(1));
    const b = setRecord(undefined, 'b', 1, {}, at(1));
    const olderA = setRecord(undefined, 'a', 0, {}, at(0));
    const { merged, changed } = mergeRecords(new Map([['a', a]]), [olderA, b]);
    expect(changed).toEqual([b]);
    expect([...merged.keys()]).toEqual(['a', 'b']);
  });
});
