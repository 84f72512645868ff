// The derived arrays a device keeps beside an index's bytes: an index opened with them searches as
// one that derived them, and arrays that are not a pack of this format, or not of these bytes, are
// refused rather than searched.
import { describe, expect, it } from 'vitest';
import { runSearch } from '../run-search';
import type { IndexDocument, IndexSpec, SearchRequest } from '../search-types';
import { siftEngine } from '../sift-engine';
import { DERIVED_FORMAT, DerivedArrays, unpackDerived } from './derived';

const spec: IndexSpec = { searchProperties: { name: 'text' }, indexedProperties: { country: 'enum' } };
const documents: IndexDocument[] = Array.from({ length: 300 }, (_, i) => ({
  id: `d${i}`,
  name: `${['Paris', 'Parma', 'Porto', 'Lyon', 'Lima'][i % 5]} ${i}`,
  country: ['FR', 'IT', 'PT', 'PE'][i % 4]!,
  rank: (300 - i) / 50,
}));
const request = (term: string | undefined): SearchRequest => ({
  term,
  limit: 20,
  threshold: 0,
  where: {},
  boost: {},
  facets: ['country'],
});
const searches = ['par', 'lim 4', 'prto', undefined];

describe('derived arrays', () => {
  it('packs arrays of every kind and views them back in place', () => {
    const made = new DerivedArrays();
    made.array('a', Uint8Array, 3, () => Uint8Array.of(1, 2, 3));
    made.array('b', Float64Array, 2, () => Float64Array.of(0.5, -1));
    made.array('c', Uint32Array, 1, () => Uint32Array.of(2 ** 32 - 1));
    const packed = made.pack();
    const arrays = unpackDerived(packed);
    expect([...arrays.keys()]).toEqual(['a', 'b', 'c']);
    expect(arrays.get('b')).toEqual(Float64Array.of(0.5, -1));
    expect(arrays.get('c')!.buffer).toBe(packed.buffer);
    const taken = new DerivedArrays(arrays);
    expect(taken.array('a', Uint8Array, 3, () => new Uint8Array(3))).toBe(arrays.get('a'));
    expect(() => taken.array('b', Float64Array, 3, () => new Float64Array(3))).toThrow(/does not fit/);
    expect(() => taken.array('c', Int32Array, 1, () => new Int32Array(1))).toThrow(/does not fit/);
  });

  it('opens an index with what an earlier opening derived, searching as one that derived it', async () => {
    const bytes = siftEngine.serialize(await siftEngine.build(spec, documents));
    const derived = siftEngine.derive!(await siftEngine.restore(spec, bytes.slice()));
    const deriving = await siftEngine.restore(spec, bytes.slice());
    const taking = await siftEngine.restore(spec, bytes.slice(), derived);
    for (const term of searches) {
      expect(await runSearch(siftEngine, taking, 'city', request(term))).toEqual(
        await runSearch(siftEngine, deriving, 'city', request(term)),
      );
    }
    expect(siftEngine.getDocument(taking, 'd7')).toEqual(siftEngine.getDocument(deriving, 'd7'));
  });

  it('packs what the first searches read, so that an opening with it derives nothing for them', async () => {
    const bytes = siftEngine.serialize(await siftEngine.build(spec, documents));
    const derived = siftEngine.derive!(await siftEngine.restore(spec, bytes.slice()));
    const taking = await siftEngine.restore(spec, bytes.slice(), derived);
    for (const term of searches) await runSearch(siftEngine, taking, 'city', request(term));
    expect(siftEngine.derive!(taking)).toEqual(derived);
  });

  it('refuses a pack of another format, a cut one, and one derived from other bytes', async () => {
    const bytes = siftEngine.serialize(await siftEngine.build(spec, documents));
    const other = siftEngine.serialize(await siftEngine.build(spec, documents.slice(0, 100)));
    const derived = siftEngine.derive!(await siftEngine.restore(spec, bytes.slice()));
    // The header opens the pack: {"format":"sift-derived/…", ...; its last letter changed.
    const otherFormat = derived.slice();
    otherFormat[4 + `{"format":"${DERIVED_FORMAT}`.length - 1] = '_'.charCodeAt(0);
    expect(() => unpackDerived(otherFormat)).toThrow(/Not a sift-derived/);
    expect(() => unpackDerived(derived.slice(0, derived.length - 8))).toThrow(/does not fit its pack/);
    await expect(siftEngine.restore(spec, other, derived)).rejects.toThrow(/does not fit this index/);
  });
});
