import { describe, expect, it } from 'vitest';
import type { SearchHit } from '#shared/search/search-types';
import { sortHits, sortIdOf, sortOptionIds, sortValuesFor } from './search-sort';

const sources = {
  countries: {
    dataType: 'country',
    sortOptions: [
      { id: 'name', property: 'name', direction: 'asc' as const },
      { id: 'area', property: 'area', direction: 'desc' as const },
    ],
  },
  cities: {
    dataType: 'city',
    sortOptions: [
      { id: 'name', property: 'name', direction: 'asc' as const },
      { id: 'population', property: 'population', direction: 'desc' as const },
    ],
  },
};

const hit = (dataType: string, id: string, score: number, document: Record<string, unknown>): SearchHit => ({
  id,
  score,
  dataType,
  document: { id, rank: 0, ...document },
});

const hits = [
  hit('city', 'zurich', 5, { name: 'Zürich', population: 400_000 }),
  hit('country', 'FRA', 4, { name: 'France', area: 551_695 }),
  hit('city', 'aarau', 3, { name: 'Aarau', population: 21_000 }),
  hit('country', 'AND', 2, { name: 'Andorra', area: 468 }),
  hit('city', 'nameless', 1, { population: 10 }),
];
const collator = new Intl.Collator('en');
const ids = (sorted: SearchHit[]) => sorted.map((h) => h.id);

describe('sort options', () => {
  it('numbers every distinct option across sources from 1, so a URL means the same whatever the chips', () => {
    expect(sortOptionIds(sources)).toEqual(['name', 'area', 'population']);
    expect(sortIdOf(sources, 0)).toBeUndefined();
    expect(sortIdOf(sources, 2)).toBe('area');
    expect(sortIdOf(sources, 9)).toBeUndefined();
    expect(sortValuesFor(sources, ['city'])).toEqual([0, 1, 3]);
    expect(sortValuesFor(sources, ['city', 'country'])).toEqual([0, 1, 2, 3]);
  });

  it('keeps the score order for best match', () => {
    expect(ids(sortHits(hits, undefined, sources, collator))).toEqual([
      'zurich',
      'FRA',
      'aarau',
      'AND',
      'nameless',
    ]);
  });

  it('orders text with the collator (accents fold) and puts items without a value last', () => {
    expect(ids(sortHits(hits, 'name', sources, collator))).toEqual([
      'aarau',
      'AND',
      'FRA',
      'zurich',
      'nameless',
    ]);
  });

  it('orders numbers by each source’s direction; sources without the option follow, by score', () => {
    expect(ids(sortHits(hits, 'population', sources, collator))).toEqual([
      'zurich',
      'aarau',
      'nameless',
      'FRA',
      'AND',
    ]);
    expect(ids(sortHits(hits, 'area', sources, collator))).toEqual([
      'FRA',
      'AND',
      'zurich',
      'aarau',
      'nameless',
    ]);
  });
});
