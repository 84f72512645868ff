import { describe, expect, it } from 'vitest';
import { itemTitle, type TitleSource } from '#shared/search/item-title';
import type { SearchHit } from '#shared/search/search-types';
import { sortHits, sortIdOf, sortOptionIds, sortValuesFor } from './search-sort';

const sources = {
  countries: {
    dataType: 'country',
    titleProperty: 'name',
    localizedTitleProperty: 'localizedName',
    sortOptions: [
      { id: 'name', property: 'name', direction: 'asc' as const },
      { id: 'area', property: 'area', direction: 'desc' as const },
    ],
  },
  cities: {
    dataType: 'city',
    titleProperty: 'name',
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
const labelsIn = (language: string) => ({
  collator: new Intl.Collator(language),
  title: (source: TitleSource, document: Record<string, unknown>, key: string) =>
    itemTitle(source, document, language, key),
});
const labels = labelsIn('en');
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
    expect(ids(sortHits(hits, undefined, sources, labels))).toEqual([
      'zurich',
      'FRA',
      'aarau',
      'AND',
      'nameless',
    ]);
  });

  it('orders text with the collator (accents fold) and puts items without a value last', () => {
    expect(ids(sortHits(hits, 'name', sources, labels))).toEqual([
      'aarau',
      'AND',
      'FRA',
      'zurich',
      'nameless',
    ]);
  });

  it('orders numbers by each source’s direction; sources without the option follow, by score', () => {
    expect(ids(sortHits(hits, 'population', sources, labels))).toEqual([
      'zurich',
      'aarau',
      'nameless',
      'FRA',
      'AND',
    ]);
    expect(ids(sortHits(hits, 'area', sources, labels))).toEqual([
      'FRA',
      'AND',
      'zurich',
      'aarau',
      'nameless',
    ]);
  });

  it('orders by the title shown in the interface language when the option sorts on the title property', () => {
    const named = [
      hit('country', 'FRA', 3, { name: 'France', localizedName: { ar: 'فرنسا' } }),
      hit('country', 'DEU', 2, { name: 'Germany', localizedName: { ar: 'ألمانيا' } }),
      hit('country', 'ESP', 1, { name: 'Spain', localizedName: { ar: 'إسبانيا' } }),
    ];
    expect(ids(sortHits(named, 'name', sources, labelsIn('en')))).toEqual(['FRA', 'DEU', 'ESP']);
    expect(ids(sortHits(named, 'name', sources, labelsIn('ar')))).toEqual(['ESP', 'DEU', 'FRA']);
  });
});
