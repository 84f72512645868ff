// The search contract (shared/search/search-types.ts) as property tests of any engine against its
// brute-force statement (shared/search/reference-search.ts), on random documents: matches, counts,
// facets, filters, threshold, limit, rank factor, boost, and restore after save.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchEngine } from '#shared/search/engine';
import { byRankDescending } from '#shared/search/index-input';
import { referenceSearch } from '#shared/search/reference-search';
import { runSearch } from '#shared/search/run-search';
import type { IndexDocument, IndexSpec, SearchIndexResult, SearchRequest } from '#shared/search/search-types';

/** What the contract leaves to each engine. */
export interface EngineBehaviour {
  /** Matches misspelt words as `referenceSearch(…, { typos: true })` states. */
  typos: boolean;
  /** A boost multiplies the score of a document matching only in that property (QPS merely raises it). */
  exactBoost: boolean;
}

const spec: IndexSpec = {
  searchProperties: { name: 'text', tags: 'text[]' },
  indexedProperties: { region: 'enum', langs: 'enum[]', capital: 'string[]' },
};

const vocabulary = [
  'zürich',
  'zurich',
  'são',
  'sao',
  'paulo',
  'saint-denis',
  'san',
  'santa',
  'sankt',
  'marino',
  'costa',
  'rica',
  'new',
  'york',
  'newark',
  'القاهرة',
  'قاهرة',
  'مصر',
  'paris',
  'parks',
  'tokyo',
  'barcelona',
];
const regions = ['eu', 'as', 'af'];
const languages = ['en', 'fr', 'ar', 'es'];
const capitals = ['San Marino', 'Costa Rica', 'San José', 'Rome'];

const text = fc.array(fc.constantFrom(...vocabulary), { maxLength: 4 }).map((words) => words.join(' '));
const documentFields = fc.record(
  {
    name: text,
    tags: fc.array(text, { maxLength: 3 }),
    region: fc.constantFrom(...regions),
    langs: fc.subarray(languages),
    capital: fc.subarray(capitals),
    rank: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 8, noNaN: true })),
  },
  { requiredKeys: ['name', 'rank'] },
);
const documents = fc
  .array(documentFields, { maxLength: 40 })
  .map((fields) => fields.map((f, i): IndexDocument => ({ ...f, id: `d${i}` })).sort(byRankDescending));

/** A word of the vocabulary, or a prefix of one (every word is matched as a prefix). */
const queryWord = fc
  .tuple(fc.constantFrom(...vocabulary), fc.integer({ min: 1, max: 8 }))
  .map(([word, length]) => [...word].slice(0, length).join(''));
/** A vocabulary word with one letter dropped, doubled, replaced or swapped with the next. */
const misspelledWord = fc
  .tuple(fc.constantFrom(...vocabulary), fc.nat(), fc.constantFrom('drop', 'double', 'replace', 'swap'))
  .map(([word, at, edit]) => {
    const letters = [...word];
    const i = at % letters.length;
    if (edit === 'drop') letters.splice(i, 1);
    if (edit === 'double') letters.splice(i, 0, letters[i]!);
    if (edit === 'replace') letters[i] = 'x';
    if (edit === 'swap' && i + 1 < letters.length)
      [letters[i], letters[i + 1]] = [letters[i + 1]!, letters[i]!];
    return letters.join('');
  });
const request = fc.record({
  term: fc.option(
    fc.array(fc.oneof(queryWord, misspelledWord), { maxLength: 3 }).map((words) => words.join(' ')),
    { nil: undefined },
  ),
  limit: fc.constantFrom(5, 1000),
  threshold: fc.constantFrom(0, 1),
  where: fc.record(
    { region: fc.subarray(regions), langs: fc.subarray(languages), capital: fc.subarray(capitals) },
    { requiredKeys: [] },
  ),
  boost: fc.constant({}),
  facets: fc.constant(['region', 'langs', 'capital']),
}) as fc.Arbitrary<SearchRequest>;

const scoresById = (result: SearchIndexResult) => new Map(result.hits.map((h) => [h.id, h.score]));

/** Round-trips an index through its payload, at an odd offset as a copy in a larger buffer may be. */
async function restoredCopy(engine: SearchEngine, built: unknown) {
  const payload = engine.serialize(built);
  const shifted = new Uint8Array(payload.length + 3);
  shifted.set(payload, 3);
  return engine.restore(spec, shifted.subarray(3));
}

/** Registers the contract's tests for `engine`, under "<name> engine". */
export function describeEngineContract(name: string, engine: SearchEngine, behaviour: EngineBehaviour) {
  const options = { typos: behaviour.typos };

  async function searchAll(docs: IndexDocument[], req: SearchRequest) {
    return runSearch(engine, await engine.build(spec, docs), 'thing', req);
  }

  describe(`${name} engine`, () => {
    it('matches the reference: hits, count, facets, order without words, limit', async () => {
      await fc.assert(
        fc.asyncProperty(documents, request, async (docs, req) => {
          const built = await engine.build(spec, docs);
          const restored = await restoredCopy(engine, built);
          const expected = referenceSearch(spec, docs, req, options);
          for (const index of [built, restored]) {
            const result = await runSearch(engine, index, 'thing', req);
            expect(result.count).toBe(expected.ids.length);
            expect(result.hits).toHaveLength(Math.min(req.limit, expected.ids.length));
            expect(result.limited).toBe(expected.ids.length >= req.limit);
            expect(result.facets).toEqual(expected.facets);
            const ids = result.hits.map((h) => h.id);
            if (!req.term?.trim()) expect(ids).toEqual(expected.ids.slice(0, req.limit));
            else if (expected.ids.length <= req.limit) expect(new Set(ids)).toEqual(new Set(expected.ids));
            else for (const id of ids) expect(expected.ids).toContain(id);
            const scores = result.hits.map((h) => h.score);
            expect(scores).toEqual([...scores].sort((a, b) => b - a));
            for (const score of scores) expect(Number.isFinite(score) && score > 0).toBe(true);
            for (const hit of result.hits) expect(hit.dataType).toBe('thing');
          }
        }),
        { numRuns: 150 },
      );
    });

    it('multiplies each score by (1 + rank/10)', async () => {
      await fc.assert(
        fc.asyncProperty(documents, request, async (docs, req) => {
          const wide = { ...req, limit: 1000 };
          const ranked = scoresById(await searchAll(docs, wide));
          const unranked = scoresById(
            await searchAll(
              docs.map((d) => ({ ...d, rank: 0 })),
              wide,
            ),
          );
          for (const doc of docs) {
            if (!ranked.has(doc.id)) continue;
            expect(ranked.get(doc.id)).toBeCloseTo(unranked.get(doc.id)! * (1 + doc.rank / 10), 9);
          }
        }),
        { numRuns: 60 },
      );
    });

    it('boosts a property: only documents matching in it score higher', async () => {
      await fc.assert(
        fc.asyncProperty(documents, queryWord, async (docs, word) => {
          const req: SearchRequest = { term: word, limit: 1000, threshold: 0, where: {}, boost: {} };
          const plain = scoresById(await searchAll(docs, req));
          const boosted = scoresById(await searchAll(docs, { ...req, boost: { name: 2 } }));
          for (const doc of docs) {
            if (!plain.has(doc.id)) continue;
            const inName = referenceSearch(
              { ...spec, searchProperties: { name: 'text' } },
              [doc],
              req,
              options,
            ).ids.length;
            const inTags = referenceSearch(
              { ...spec, searchProperties: { tags: 'text[]' } },
              [doc],
              req,
              options,
            ).ids.length;
            if (inName && !inTags) {
              if (behaviour.exactBoost) expect(boosted.get(doc.id)).toBeCloseTo(plain.get(doc.id)! * 2, 9);
              else expect(boosted.get(doc.id)).toBeGreaterThan(plain.get(doc.id)!);
            }
            if (inTags && !inName) expect(boosted.get(doc.id)).toBeCloseTo(plain.get(doc.id)!, 9);
          }
        }),
        { numRuns: 60 },
      );
    });

    it('scores documents with blank text finitely', async () => {
      const docs: IndexDocument[] = [
        { id: 'a', name: '', tags: ['são', ''], rank: 0 },
        { id: 'b', name: '!!', tags: ['santa'], rank: 0 },
      ];
      const result = await searchAll(docs, { term: 's', limit: 1000, threshold: 0, where: {}, boost: {} });
      expect(result.hits.map((h) => h.id).sort()).toEqual(['a', 'b']);
      for (const hit of result.hits) expect(Number.isFinite(hit.score)).toBe(true);
    });

    it('scores above zero a word repeated in one document’s array, in rank order', async () => {
      // Found by the property above: Orama counted the repeat as a second document (negative idf).
      const docs: IndexDocument[] = [
        { id: 'a', name: '', tags: ['zürich', 'zürich'], rank: 0 },
        { id: 'b', name: '', tags: ['zürich', 'zürich'], rank: 5 },
      ];
      const result = await searchAll(docs, { term: 'züric', limit: 5, threshold: 0, where: {}, boost: {} });
      expect(result.hits.map((h) => h.id)).toEqual(['b', 'a']);
      for (const hit of result.hits) expect(hit.score).toBeGreaterThan(0);
    });

    it('matches string[] filter values whole, not word by word', async () => {
      const docs: IndexDocument[] = [
        { id: 'sm', name: 'San Marino', capital: ['San Marino'], rank: 0 },
        { id: 'cr', name: 'Costa Rica', capital: ['San José'], rank: 0 },
      ];
      const result = await searchAll(docs, {
        limit: 1000,
        threshold: 0,
        where: { capital: ['San Marino'] },
        boost: {},
      });
      expect(result.hits.map((h) => h.id)).toEqual(['sm']);
    });

    it('finds words across properties with threshold 0, and folds accents, hyphens and Arabic', async () => {
      const docs: IndexDocument[] = [
        { id: 'fr', name: 'France', tags: ['Paris'], rank: 0 },
        { id: 'zh', name: 'Zürich', rank: 0 },
        { id: 'sp', name: 'São Paulo', rank: 0 },
        { id: 'sd', name: 'Saint-Denis', rank: 0 },
        { id: 'eg', name: 'مصر', tags: ['القاهرة'], rank: 0 },
      ];
      const ids = async (term: string) =>
        (await searchAll(docs, { term, limit: 1000, threshold: 0, where: {}, boost: {} })).hits.map(
          (h) => h.id,
        );
      expect(await ids('paris france')).toEqual(['fr']);
      expect(await ids('zurich')).toEqual(['zh']);
      expect(await ids('sao paulo')).toEqual(['sp']);
      expect(await ids('denis')).toEqual(['sd']);
      expect(await ids('مصر')).toEqual(['eg']);
      expect(await ids('قاهرة')).toEqual(['eg']);
      expect(await ids('paris zurich')).toEqual([]);
    });
  });
}
