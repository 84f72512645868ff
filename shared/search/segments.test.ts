import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byRankDescending } from './index-input';
import { runSearch } from './run-search';
import type { IndexDocument, IndexSpec, SearchRequest } from './search-types';
import { segmentedEngine, withDelta } from './segments';
import { siftEngine } from './sift-engine';

const spec: IndexSpec = {
  searchProperties: { name: 'text', tags: 'text[]' },
  indexedProperties: { region: 'enum' },
};
const words = ['paris', 'parks', 'san', 'santa', 'marino', 'zürich', 'tokyo', 'القاهرة'];
const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const fields = fc.record({
  name: text,
  tags: fc.array(text, { maxLength: 2 }),
  region: fc.constantFrom('eu', 'as', 'af'),
  pop: fc.integer({ min: 0, max: 1000 }),
  lat: fc.double({ min: -80, max: 80, noNaN: true }),
  lon: fc.double({ min: -170, max: 170, noNaN: true }),
  // Distinct ranks: ties between segments may come in either order.
  rank: fc.constant(0),
});
/** What happens to a base document: kept, changed (new fields) or removed. */
const change = fc.oneof(
  fc.constant({ kind: 'keep' as const }),
  fields.map((f) => ({ kind: 'change' as const, fields: f })),
  fc.constant({ kind: 'remove' as const }),
);

const withRanks = (docs: Omit<IndexDocument, 'rank'>[]) =>
  docs.map((doc, i) => ({ ...doc, rank: ((i * 7919) % 1000) / 100 + i / 1e6 }) as IndexDocument);

const request = fc.record({
  term: fc.option(fc.constantFrom('par', 'san', 'paris santa', 'zurich', 'قاهرة', 'tokio', 'p'), {
    nil: undefined,
  }),
  limit: fc.constantFrom(3, 1000),
  threshold: fc.constantFrom(0, 1),
  where: fc.constantFrom({}, { region: ['eu'] }),
  boost: fc.constant({ name: 1, tags: 0.5 }),
  facets: fc.constant(['region']),
  ranges: fc.constantFrom(undefined, { pop: { min: 100 } }),
  histograms: fc.constant({ pop: [10, 100, 500] }),
  near: fc.constantFrom(undefined, { lat: 48.8, lon: 2.3, latProperty: 'lat', lonProperty: 'lon' }),
}) as fc.Arbitrary<SearchRequest>;

describe('segments', () => {
  it('answer as one index of the current documents would', async () => {
    const searchable = segmentedEngine(siftEngine);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fields, change), { maxLength: 30 }),
        fc.array(fields, { maxLength: 5 }),
        request,
        async (history, added, req) => {
          const base = withRanks(history.map(([f], i) => ({ ...f, id: `d${i}` })));
          const ranks = new Map(base.map((doc) => [doc.id, doc.rank]));
          const changed = history.flatMap(([, c], i) =>
            c.kind === 'change' ? [{ ...c.fields, id: `d${i}`, rank: ranks.get(`d${i}`)! + 0.5e-6 }] : [],
          );
          const fresh = withRanks(added.map((f, i) => ({ ...f, id: `n${i}` }))).map((doc) => ({
            ...doc,
            rank: doc.rank + 0.25e-6,
          }));
          const hides = history.flatMap(([, c], i) => (c.kind === 'keep' ? [] : [`d${i}`]));
          const current: IndexDocument[] = [
            ...base.filter((doc) => !hides.includes(doc.id)),
            ...changed,
            ...fresh,
          ].sort(byRankDescending);

          const segments = withDelta(
            siftEngine,
            await siftEngine.build(spec, [...base].sort(byRankDescending)),
            await siftEngine.build(spec, [...changed, ...fresh].sort(byRankDescending)),
            hides,
          );
          const whole = await siftEngine.build(spec, current);
          const got = await runSearch(searchable, segments, 'thing', req);
          const want = await runSearch(siftEngine, whole, 'thing', req);

          expect(got.count).toBe(want.count);
          expect(got.facets).toEqual(want.facets);
          expect(got.histograms).toEqual(want.histograms);
          expect(got.limited).toBe(want.limited);
          expect(got.hits.map((h) => [h.id, h.score])).toEqual(want.hits.map((h) => [h.id, h.score]));
          expect(searchable.count(segments)).toBe(current.length);
          for (const doc of current) expect(searchable.getDocument(segments, doc.id)?.name).toBe(doc.name);
          for (const id of hides.filter((id) => !changed.some((doc) => doc.id === id)))
            expect(searchable.getDocument(segments, id)).toBeUndefined();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses an engine that cannot hide documents', () => {
    const { withHidden: _, ...engine } = siftEngine;
    expect(() => withDelta(engine, {} as never, {} as never, [])).toThrow(/cannot take delta segments/);
  });
});
