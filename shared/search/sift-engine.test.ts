// Sift-specific behaviour beyond the shared contract (engines.test.ts checks that): the typo walk
// against brute force, the rank prior before the limit cut, match-kind ordering, stored fields.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byRankDescending } from './index-input';
import { referenceSearch } from './reference-search';
import { runSearch } from './run-search';
import type { IndexDocument, IndexSpec, SearchRequest } from './search-types';
import { Dictionary, typoTerms } from './sift/dictionary';
import { exactQuality, PREFIX_QUALITY, TYPO_QUALITY, typoBudget } from './sift/match-rules';
import { SectionReader } from './sift/sections';
import { siftEngine } from './sift-engine';
import { editDistance } from './typo-match';

const spec: IndexSpec = { searchProperties: { name: 'text' }, indexedProperties: { country: 'enum' } };
const request = (term: string | undefined, limit = 1000): SearchRequest => ({
  term,
  limit,
  threshold: 0,
  where: {},
  boost: {},
});

async function search(docs: IndexDocument[], term: string | undefined, limit = 1000) {
  const index = await siftEngine.build(spec, docs);
  return runSearch(siftEngine, index, 'city', request(term, limit));
}

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 9 });

describe('sift typo walk', () => {
  it('finds exactly the words with its first letter, within the budget, not starting with the query word', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { maxLength: 60 }),
        word,
        fc.constantFrom(1, 2),
        (words, query, budget) => {
          const terms = [...words].sort();
          const found: [string, number][] = [];
          typoTerms(Dictionary.of(terms), query, budget, (t, distance) => found.push([terms[t]!, distance]));
          const expected = terms
            .map((term): [string, number] => [term, editDistance(query, term)])
            .filter(
              ([term, distance]) => distance <= budget && term[0] === query[0] && !term.startsWith(query),
            );
          expect(found).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('sift ranking', () => {
  it('applies the rank prior before the limit cut', async () => {
    // 1,200 unranked exact matches outscore a prefix match on relevance alone; its rank must lift it.
    const docs: IndexDocument[] = [
      { id: 'tokyo', name: 'Tokyo', rank: 7.4 },
      ...Array.from({ length: 1200 }, (_, i) => ({ id: `t${i}`, name: `Tok ${i}`, rank: 0 })),
    ];
    const result = await search(docs, 'tok');
    expect(result.count).toBe(1201);
    expect(result.hits).toHaveLength(1000);
    expect(result.hits[0]!.id).toBe('tokyo');
  });

  it('keeps the best hits when the limit cuts: the first hits of a wider search', async () => {
    const names = fc.array(fc.constantFrom('san', 'sana', 'santa', 'sanaa', 'francisco', 'sant'), {
      minLength: 1,
      maxLength: 3,
    });
    const docs = fc.array(fc.record({ words: names, rank: fc.double({ min: 0, max: 8, noNaN: true }) }), {
      maxLength: 30,
    });
    await fc.assert(
      fc.asyncProperty(docs, fc.constantFrom('s', 'san', 'sana', 'sanat', 'fran'), async (records, term) => {
        const documents = records
          .map((r, i): IndexDocument => ({ id: `d${i}`, name: r.words.join(' '), rank: r.rank }))
          .sort((a, b) => b.rank - a.rank);
        const wide = await search(documents, term);
        const narrow = await search(documents, term, 5);
        expect(narrow.hits.map((h) => h.score)).toEqual(wide.hits.slice(0, 5).map((h) => h.score));
      }),
      { numRuns: 150 },
    );
  });

  it('chooses the hits of a brute-force ranking, rare or common words, filters changing between searches', async () => {
    const names = fc.array(fc.constantFrom('san', 'sana', 'santa', 'sanaa', 'francisco', 'oth', 'othon'), {
      minLength: 1,
      maxLength: 3,
    });
    const record = fc.record({
      words: names,
      rank: fc.constantFrom(0, 1, 2.5, 6),
      country: fc.constantFrom('ES', 'FR', 'US'),
    });
    const searches = fc.array(
      fc.record({
        term: fc.constantFrom('s', 'san', 'sana', 'fran', 'o', 'oth'),
        countries: fc.subarray(['ES', 'FR', 'US']),
        limit: fc.constantFrom(1, 3, 1000),
      }),
      { minLength: 1, maxLength: 4 },
    );
    /** A query word's score in a name, as ADR 009 states it. */
    const scoreIn = (name: string, term: string) =>
      Math.max(
        0,
        ...name.split(' ').map((word) => {
          if (word === term) return exactQuality(term);
          if (word.startsWith(term)) return PREFIX_QUALITY;
          const distance = editDistance(term, word);
          const typo = word[0] === term[0] && distance <= typoBudget(term);
          return typo ? TYPO_QUALITY[distance as 1 | 2] : 0;
        }),
      );
    await fc.assert(
      // 2,000 other documents make the words rare (their postings read one by one) or, for `o` and
      // `oth`, common (read into a bitset and scored as far as the best hits can lie: a third of
      // them rank just above the `oth` records of rank 2.5, which a whole word puts first).
      fc.asyncProperty(
        fc.array(record, { maxLength: 40 }),
        fc.constantFrom(0, 2000),
        searches,
        async (records, others, requests) => {
          const documents = [
            ...records.map(
              (r, i): IndexDocument => ({
                id: `d${i}`,
                name: r.words.join(' '),
                rank: r.rank,
                country: r.country,
              }),
            ),
            ...Array.from(
              { length: others },
              (_, i): IndexDocument => ({ id: `o${i}`, name: 'other', rank: 2.6 - (i % 3), country: 'US' }),
            ),
          ].sort(byRankDescending);
          // One index answers every search, keeping what it keeps between them.
          const index = await siftEngine.build(spec, documents);
          for (const { term, countries, limit } of requests) {
            const expected = documents
              .filter((d) => countries.length === 0 || countries.includes(d.country as string))
              .map((d) => ({ id: d.id, score: scoreIn(d.name as string, term) * (1 + d.rank / 10) }))
              .filter(({ score }) => score > 0)
              .sort((a, b) => b.score - a.score);
            const where = { country: countries };
            const result = await runSearch(siftEngine, index, 'city', { ...request(term, limit), where });
            expect(result.count).toBe(expected.length);
            expect(result.hits.map((h) => h.id)).toEqual(expected.slice(0, limit).map((h) => h.id));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ranks a whole word over a longer word it starts, and that over a misspelling', async () => {
    const docs: IndexDocument[] = [
      { id: 'sanaa', name: 'Sanaa', rank: 0 },
      { id: 'sf', name: 'San Francisco', rank: 0 },
    ];
    expect((await search(docs, 'san')).hits.map((h) => h.id)).toEqual(['sf', 'sanaa']);
    const typos: IndexDocument[] = [
      { id: 'lima', name: 'Lima', rank: 0 },
      { id: 'limassol', name: 'Limassol', rank: 0 },
      { id: 'lime', name: 'Lime', rank: 0 },
    ];
    expect((await search(typos, 'lime')).hits.map((h) => h.id)).toEqual(['lime', 'lima']);
    expect((await search(typos, 'lim')).hits.map((h) => h.id)).toEqual(['lima', 'limassol', 'lime']);
  });

  it('counts a whole short word for less: the longer the word typed, the surer it is complete', async () => {
    const docs: IndexDocument[] = [
      { id: 'paris', name: 'Paris', rank: 6.33 },
      { id: 'par-naogaon', name: 'Pār Naogaon', rank: 5.28 },
    ];
    expect((await search(docs, 'par')).hits.map((h) => h.id)).toEqual(['paris', 'par-naogaon']);
    expect((await search(docs, 'paris')).hits.map((h) => h.id)).toEqual(['paris']);
  });

  it('takes a whole word of a code property as exact, from 2 letters on', async () => {
    const coded: IndexSpec = { searchProperties: { name: 'text', codes: 'text[]' }, indexedProperties: {} };
    const docs: IndexDocument[] = [
      { id: 'UKR', name: 'Ukraine', codes: ['UA', 'UKR'], rank: 5.78 },
      { id: 'GBR', name: 'United Kingdom', codes: ['GB', 'GBR', 'UK'], rank: 5.39 },
      // Kyoto's airport code starts with "uk": codes are typed whole, so that counts little.
      { id: 'kyoto', name: 'Kyoto', codes: ['UKY'], rank: 6.16 },
    ];
    const index = await siftEngine.build(coded, docs);
    const ids = async (term: string, codes?: string[]) =>
      (
        await runSearch(siftEngine, index, 'country', { ...request(term), boost: { codes: 1 }, codes })
      ).hits.map((h) => h.id);
    expect(await ids('uk', ['codes'])).toEqual(['GBR', 'UKR', 'kyoto']);
    expect(await ids('uk')).toEqual(['kyoto', 'UKR', 'GBR']);
    expect(await ids('u', ['codes'])).toEqual(['UKR', 'GBR', 'kyoto']);
  });

  it('finds a code typed whole among the many prefix matches of a short word, however low it ranks', async () => {
    const coded: IndexSpec = { searchProperties: { name: 'text', codes: 'text[]' }, indexedProperties: {} };
    // 2,000 better ranked names starting with "uk" make the word common (read into a bitset and
    // scored as far as the best hits can lie). The code lies last in rank order: only its exact
    // score, counted in the best a match can reach, keeps the search from stopping before it.
    const docs: IndexDocument[] = [
      ...Array.from({ length: 2000 }, (_, i) => ({ id: `n${i}`, name: `Uk${i}`, rank: 0.5 })),
      { id: 'GBR', name: 'United Kingdom', codes: ['UK'], rank: 0 },
    ];
    const index = await siftEngine.build(coded, docs);
    const result = await runSearch(siftEngine, index, 'country', {
      ...request('uk', 3),
      boost: { codes: 1 },
      codes: ['codes'],
    });
    expect(result.count).toBe(2001);
    expect(result.hits[0]!.id).toBe('GBR');
  });

  it('leaves the properties a request omits out of its hits, not out of the index', async () => {
    const named: IndexSpec = {
      searchProperties: { name: 'text', altNames: 'text[]' },
      indexedProperties: {},
    };
    const index = await siftEngine.build(named, [
      { id: 'cai', name: 'Cairo', altNames: ['Le Caire', 'القاهرة'], rank: 6.9 },
    ]);
    const result = await siftEngine.search(index, { ...request('caire'), omit: ['altNames'] });
    expect(result.hits.map((h) => h.document)).toEqual([{ id: 'cai', name: 'Cairo', rank: 6.9 }]);
    expect(siftEngine.getDocument(index, 'cai')?.altNames).toEqual(['Le Caire', 'القاهرة']);
  });

  it('tolerates one typo from 4 letters and two from 8, on whole words only', async () => {
    const docs: IndexDocument[] = [
      { id: 'london', name: 'London', rank: 6 },
      { id: 'barcelona', name: 'Barcelona', rank: 6 },
      { id: 'rome', name: 'Rome', rank: 6 },
    ];
    const ids = async (term: string) => (await search(docs, term)).hits.map((h) => h.id);
    expect(await ids('londn')).toEqual(['london']);
    expect(await ids('lodnon')).toEqual(['london']);
    expect(await ids('barcleona')).toEqual(['barcelona']);
    expect(await ids('barcleon')).toEqual(['barcelona']);
    expect(await ids('bracleona')).toEqual(['barcelona']);
    expect(await ids('rmoe')).toEqual(['rome']);
    expect(await ids('rme')).toEqual([]);
    expect(await ids('lndn')).toEqual([]);
  });
});

describe('sift stored fields', () => {
  it('gives back every document as given, whatever its property types', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('', 'a\nb', 'FR', 'DE'),
      fc.integer(),
      fc.integer({ min: -18_000_000, max: 18_000_000 }).map((n) => n / 100_000),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
    );
    // Keys of digits only and an enum filter's strings have encodings of their own.
    const record = fc.record(
      {
        fields: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'name'), value),
        country: fc.constantFrom('FR', '', 'a\nb'),
      },
      { requiredKeys: ['fields'] },
    );
    // Past a few blocks of text lines (sections.ts), read backwards, then forwards.
    const records = fc.array(record, { maxLength: 80 });
    await fc.assert(
      fc.asyncProperty(records, fc.constantFrom('d', ''), async (fields, idPrefix) => {
        const docs = fields.map(
          (f, i): IndexDocument => ({ ...f.fields, country: f.country, id: `${idPrefix}${i}`, rank: i }),
        );
        const restored = await siftEngine.restore(
          spec,
          siftEngine.serialize(await siftEngine.build(spec, docs)),
        );
        for (const doc of [...docs].reverse()) expect(siftEngine.getDocument(restored, doc.id)).toEqual(doc);
        for (const doc of docs) expect(siftEngine.getDocument(restored, doc.id)).toEqual(doc);
        expect(siftEngine.getDocument(restored, 'missing')).toBeUndefined();
        expect(siftEngine.count(restored)).toBe(docs.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('sift stored fields past the value table', () => {
  it('gives back every value of a column that ends as text after 65,535 distinct values', async () => {
    // Past 65,535 distinct values a column keeps no value table: its lines are made from its numbers
    // or digits, at the end (n) or when a later value ends those too (k, m).
    const count = 70_000;
    const docs: IndexDocument[] = Array.from({ length: count }, (_, i) => ({
      id: `d${i}`,
      name: 'a',
      rank: 0,
      n: i + 0.1234567,
      k: i === count - 1 ? 'x' : String(i),
      m: i === count - 1 ? 'y' : i + 0.5,
    }));
    const index = await siftEngine.restore(spec, siftEngine.serialize(await siftEngine.build(spec, docs)));
    for (const i of [0, 1, 40_000, 65_535, 65_536, count - 2, count - 1]) {
      expect(siftEngine.getDocument(index, `d${i}`)).toEqual(docs[i]);
    }
  });
});

describe('sift filter columns', () => {
  const sections = async (docs: IndexDocument[]) =>
    new SectionReader<object>(siftEngine.serialize(await siftEngine.build(spec, docs))).sections;

  it('lay out no counts when every document holds exactly one value', async () => {
    const one = { id: 'a', name: 'A', country: 'FR', rank: 0 };
    expect(await sections([one, { ...one, id: 'b', country: 'US' }])).not.toContain('filter.0.counts');
    expect(await sections([one, { id: 'b', name: 'B', rank: 0 }])).toContain('filter.0.counts');
    expect(await sections([one, { ...one, id: 'b', country: ['FR', 'US'] }])).toContain('filter.0.counts');
  });
});

describe('sift ranges, histograms and the nearest hits', () => {
  const towns = fc
    .array(
      fc.record(
        {
          name: fc.constantFrom('san jose', 'santa fe', 'paris', 'san'),
          country: fc.constantFrom('US', 'FR'),
          population: fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.constant(150_000)),
          rank: fc.double({ min: 0, max: 7, noNaN: true }),
        },
        // Without a country now and then: a filter column whose documents all hold one value is laid
        // out without counts, the others with them.
        { requiredKeys: ['name', 'rank'] },
      ),
      { maxLength: 40 },
    )
    .map((fields) =>
      fields.map((f, i): IndexDocument => ({ ...f, id: `t${i}` })).sort((a, b) => b.rank - a.rank),
    );
  const bound = fc.option(fc.constantFrom(0, 1000, 150_000, 150_001, 1_000_000), { nil: undefined });
  const boundaries = [1000, 150_000, 1_000_000];

  it('keeps exactly the documents in range, and counts facets and buckets over exactly those', async () => {
    await fc.assert(
      fc.asyncProperty(
        towns,
        fc.constantFrom(undefined, 'san', 'paris'),
        bound,
        bound,
        fc.subarray(['US', 'FR']),
        async (docs, term, min, max, countries) => {
          const wanted: SearchRequest = {
            ...request(term),
            where: { country: countries },
            ranges: { population: { min, max } },
            histograms: { population: boundaries },
            facets: ['country'],
          };
          const index = await siftEngine.build(spec, docs);
          const result = await runSearch(siftEngine, index, 'town', wanted);
          const expected = referenceSearch(spec, docs, wanted);
          expect(result.hits.map((h) => h.id).sort()).toEqual([...expected.ids].sort());
          expect(result.count).toBe(expected.ids.length);
          expect(result.facets).toEqual(expected.facets);
          expect(result.histograms).toEqual(expected.histograms);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts population 1,000 in the bucket it starts, and leaves documents without a number out', async () => {
    const index = await siftEngine.build(spec, [
      { id: 'a', name: 'A', population: 999, rank: 0 },
      { id: 'b', name: 'B', population: 1000, rank: 0 },
      { id: 'c', name: 'C', rank: 0 },
    ]);
    const result = await siftEngine.search(index, {
      ...request(undefined),
      ranges: { population: { min: 1000 } },
      histograms: { population: [1000] },
    });
    expect(result.hits.map((h) => h.id)).toEqual(['b']);
    expect(result.histograms).toEqual({ population: [0, 1] });
  });

  it('chooses and orders the hits nearest a point, before the limit cut, those without coordinates last', async () => {
    // Best ranked first: Tokyo would be first by score; from Paris, London and Madrid are nearest.
    const places: IndexDocument[] = [
      { id: 'tokyo', name: 'Tokyo city', lat: 35.68, lon: 139.69, rank: 7.5 },
      { id: 'nowhere', name: 'Nowhere city', rank: 7 },
      { id: 'newyork', name: 'New York city', lat: 40.71, lon: -74.01, rank: 7 },
      { id: 'madrid', name: 'Madrid city', lat: 40.42, lon: -3.7, rank: 6.5 },
      { id: 'london', name: 'London city', lat: 51.51, lon: -0.13, rank: 6 },
    ];
    const index = await siftEngine.build(spec, places);
    const near = { lat: 48.86, lon: 2.35, latProperty: 'lat', lonProperty: 'lon' };
    const ids = async (term: string | undefined, limit: number) =>
      (await runSearch(siftEngine, index, 'city', { ...request(term, limit), near })).hits.map((h) => h.id);
    expect(await ids(undefined, 5)).toEqual(['london', 'madrid', 'newyork', 'tokyo', 'nowhere']);
    expect(await ids('city', 2)).toEqual(['london', 'madrid']);
    expect(await ids('new', 5)).toEqual(['newyork']);
  });
});
