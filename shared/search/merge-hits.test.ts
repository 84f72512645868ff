// One ranking across sources, with the shipped config's weights: an entity's own name beats an
// entity that merely mentions it, whichever source each comes from.
import { describe, expect, it } from 'vitest';
import config from '#app-config';
import { parseAppConfig } from '../app-config';
import { mergeHits } from './merge-hits';
import { runSearch } from './run-search';
import { buildSearchRequest } from './search-request';
import type { IndexDocument } from './search-types';
import { siftEngine } from './sift-engine';

const { dataSources } = parseAppConfig(config).gapSearch;
const documents: Record<string, IndexDocument[]> = {
  countries: [
    { id: 'UKR', name: 'Ukraine', codes: ['UA', 'UKR'], capital: ['Kyiv'], rank: 5.78 },
    { id: 'JPN', name: 'Japan', codes: ['JP', 'JPN'], capital: ['Tokyo'], rank: 5.58 },
    { id: 'GBR', name: 'United Kingdom', codes: ['GB', 'GBR', 'UK'], capital: ['London'], rank: 5.39 },
  ],
  cities: [
    { id: 'tokyo', name: 'Tokyo', codes: ['TYO'], rank: 6.93, country: 'JP' },
    { id: 'london', name: 'London', altNames: ['Londres', 'لندن'], codes: ['LON'], rank: 6.9, country: 'GB' },
    { id: 'ukhta', name: 'Ukhta', rank: 5.0, country: 'RU' },
    { id: 'londres', name: 'Londres', rank: 3.3, country: 'AR' },
  ],
};

async function firstHits(term: string): Promise<string[]> {
  const perSource = await Promise.all(
    Object.entries(documents).map(async ([name, docs]) => {
      const source = dataSources[name]!;
      const index = await siftEngine.build(source, docs);
      return (await runSearch(siftEngine, index, source.dataType, buildSearchRequest(source, term))).hits;
    }),
  );
  return mergeHits(perSource).map((hit) => `${hit.dataType}:${hit.id}`);
}

describe('one ranking across sources', () => {
  it('puts a city above the country whose capital it is', async () => {
    expect((await firstHits('lon'))[0]).toBe('city:london');
    expect((await firstHits('toky'))[0]).toBe('city:tokyo');
  });

  it('puts the entity an abbreviation names first', async () => {
    expect(await firstHits('uk')).toEqual(['country:GBR', 'country:UKR', 'city:ukhta']);
  });

  it('finds a city by its name in another language above a small town of that name', async () => {
    expect(await firstHits('londres')).toEqual(['city:london', 'city:londres']);
    expect(await firstHits('لندن')).toEqual(['city:london']);
  });
});
