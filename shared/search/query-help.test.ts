// Help while typing through the Sift engine: completions from titles (popular first, prefix and
// Arabic), and "did you mean" from the index's own words.
import { describe, expect, it } from 'vitest';
import { completesTitle, correctedQuery, mergeCompletions, titleCompletions } from './query-help';
import { runSearch } from './run-search';
import type { IndexDocument, IndexSpec } from './search-types';
import { siftEngine } from './sift-engine';
import { tokenize } from './tokenizer';

const spec: IndexSpec = {
  searchProperties: { name: 'text', capital: 'text', otherNames: 'text[]' },
  indexedProperties: {},
};
const titles = { titleProperty: 'name', localizedTitleProperty: 'localizedName' };
const docs: IndexDocument[] = [
  { id: 'gb', name: 'United Kingdom', capital: 'London', rank: 9 },
  { id: 'lon', name: 'London', capital: '', rank: 6.9 },
  { id: 'lonca', name: 'London', capital: '', rank: 5.6 },
  { id: 'lb', name: 'Long Beach', capital: '', rank: 5.7 },
  { id: 'lo', name: 'Londrina', capital: '', rank: 5.8 },
  { id: 'lz', name: 'Lonzo', capital: '', rank: 1 },
  { id: 'cai', name: 'القاهرة', capital: '', rank: 7 },
  { id: 'ny', name: 'New York City', capital: '', rank: 6.9 },
  { id: 'nh', name: 'New Haven', capital: '', rank: 5.1 },
  { id: 'par', name: 'Paris', capital: 'Paries', rank: 7 },
  { id: 'partx', name: 'Paris', capital: '', rank: 4.4 },
  {
    id: 'fra',
    name: 'France',
    capital: '',
    otherNames: ['Francia', 'فرنسا'],
    localizedName: { es: 'Francia', ar: 'فرنسا' },
    rank: 8,
  },
];
const index = await siftEngine.build(spec, docs);
const request = (term: string) => ({
  term,
  limit: 20,
  threshold: 0,
  where: {},
  boost: { name: 1, capital: 0.5, otherNames: 0.9 },
});

async function completions(term: string, language = 'en') {
  const { hits } = await runSearch(siftEngine, index, 'place', request(term));
  return titleCompletions(hits, titles, language, term).map((c) => c.title);
}

describe('title completions', () => {
  it('lists titles that complete the text, popular first, each once, without a match through another field', async () => {
    // United Kingdom matches `lon` through its capital: no completion of the text.
    expect(await completions('lon')).toEqual(['London', 'Londrina', 'Long Beach', 'Lonzo']);
  });

  it('completes every word, the last one being typed', async () => {
    expect(await completions('new y')).toEqual(['New York City']);
    expect(await completions('ne')).toEqual(['New York City', 'New Haven']);
  });

  it('completes Arabic with or without the article, and leaves out the text itself', async () => {
    expect(await completions('القا')).toEqual(['القاهرة']);
    expect(await completions('قاه')).toEqual(['القاهرة']);
    expect(await completions('London')).toEqual([]);
  });

  it('offers the title in the interface language when it completes the text, else the title property', async () => {
    expect(await completions('فر', 'ar')).toEqual(['فرنسا']);
    expect(await completions('fra', 'ar')).toEqual(['France']);
    expect(await completions('fra', 'es')).toEqual(['Francia']);
    expect(await completions('fra', 'en')).toEqual(['France']);
    expect(await completions('فر', 'en')).toEqual([]);
  });

  it('needs each query word to start a title word', () => {
    expect(completesTitle('Long Beach', tokenize('be lo'))).toBe(true);
    expect(completesTitle('Long Beach', tokenize('each'))).toBe(false);
  });

  it('merges the lists of several sources by score, once per folded title, up to the limit', () => {
    const merged = mergeCompletions(
      [
        [
          { title: 'Paris', score: 1.5 },
          { title: 'Parma', score: 1.2 },
        ],
        [
          { title: 'París', score: 1.4 },
          { title: 'Paraguay', score: 1.3 },
        ],
      ],
      3,
    );
    expect(merged).toEqual(['Paris', 'Paraguay', 'Parma']);
  });
});

describe('did you mean', () => {
  const spell = (word: string) => [siftEngine.spell!(index, word)];

  it('corrects a word no indexed word starts with to the nearest, the most popular among equals', () => {
    expect(correctedQuery('londn', spell)).toBe('london');
    expect(correctedQuery('Nwe Yrok', spell)).toBe('new york');
    // `lonxon` is 1 edit from london, 2 from lonzo.
    expect(correctedQuery('lonxon', spell)).toBe('london');
    // paris and paries are 1 edit away, in the same best document: paris is in more.
    expect(correctedQuery('pariss', spell)).toBe('paris');
  });

  it('corrects Arabic from the words as indexed', () => {
    expect(correctedQuery('القاهرا', spell)).toBe('قاهره');
  });

  it('says nothing when every word is known, or one has no near word', () => {
    expect(correctedQuery('lon', spell)).toBeUndefined();
    expect(correctedQuery('london', spell)).toBeUndefined();
    expect(correctedQuery('londn qqqqqq', spell)).toBeUndefined();
  });

  it('keeps a word another index knows, and takes the nearest word over all indexes', () => {
    const other = siftEngine.build(spec, [{ id: 'x', name: 'Lyon', capital: '', rank: 9 }]);
    return other.then((second) => {
      const both = (word: string) => [siftEngine.spell!(index, word), siftEngine.spell!(second, word)];
      expect(correctedQuery('lyo londn', both)).toBe('lyo london');
      // `lyonn` is 1 edit from Lyon (the other index) and 2 from London.
      expect(correctedQuery('lyonn', both)).toBe('lyon');
    });
  });
});
