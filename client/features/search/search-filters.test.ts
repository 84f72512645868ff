import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  countsByFilterKey,
  dataTypesToSearch,
  rangeCountsByKey,
  rangeFiltersOf,
  sourcesOfTypes,
  toggleFilterValue,
  validFilterKeys,
  withoutFilter,
  withRange,
} from './search-filters';
import type { MultiSearchResult } from './search-sources';

const sources = {
  countries: { dataType: 'country', filters: { region: 'region', language: 'languages' } },
  cities: { dataType: 'city', filters: { country: 'country', featureCode: 'featureCode' } },
  towns: {
    dataType: 'town',
    filters: { country: 'countryCode' },
    rangeFilters: { population: { property: 'inhabitants', buckets: [100, 1000] } },
  },
};

describe('filters for the chosen data types', () => {
  it('offers the filter keys of the chosen types, or of all types without chips', () => {
    expect(sourcesOfTypes(sources, [])).toEqual(['countries', 'cities', 'towns']);
    expect(validFilterKeys(sources, [])).toEqual([
      'region',
      'language',
      'country',
      'featureCode',
      'population',
    ]);
    expect(validFilterKeys(sources, ['country'])).toEqual(['region', 'language']);
    expect(validFilterKeys(sources, ['town', 'city'])).toEqual(['country', 'featureCode', 'population']);
    expect(validFilterKeys(sources, ['planet'])).toEqual([]);
  });

  it('applies only valid keys that have values', () => {
    const selection = { region: ['Europe'], featureCode: ['PPLC'], language: [] };
    expect(activeFilters(selection, validFilterKeys(sources, ['country']))).toEqual({ region: ['Europe'] });
    expect(activeFilters(selection, validFilterKeys(sources, []))).toEqual({
      region: ['Europe'],
      featureCode: ['PPLC'],
    });
  });

  it('searches only the data types whose sources have every filter in effect', () => {
    expect(dataTypesToSearch(sources, [], {})).toEqual(['country', 'city', 'town']);
    expect(dataTypesToSearch(sources, [], { country: ['FR'] })).toEqual(['city', 'town']);
    expect(dataTypesToSearch(sources, ['city'], { country: ['FR'] })).toEqual(['city']);
    expect(dataTypesToSearch(sources, [], { country: ['FR'], featureCode: ['PPLC'] })).toEqual(['city']);
    // No source has both: nothing is searched (rather than everything, unfiltered).
    expect(dataTypesToSearch(sources, [], { region: ['Europe'], country: ['FR'] })).toEqual([]);
    expect(dataTypesToSearch(sources, [], { population: ['100..'] })).toEqual(['town']);
  });

  it('applies a range key with one readable range only, ignoring a broken one', () => {
    const keys = validFilterKeys(sources, []);
    const ranges = new Set(rangeFiltersOf(sources).keys());
    expect(ranges).toEqual(new Set(['population']));
    expect(activeFilters({ population: ['100..500'], region: ['Europe'] }, keys, ranges)).toEqual({
      population: ['100..500'],
      region: ['Europe'],
    });
    for (const broken of [['500..100'], ['lots'], ['..'], ['1..2', '3..4']]) {
      expect(activeFilters({ population: broken }, keys, ranges)).toEqual({});
    }
    expect(withRange({ region: ['Europe'] }, 'population', '..5')).toEqual({
      region: ['Europe'],
      population: ['..5'],
    });
    expect(withRange({ population: ['..5'] }, 'population', undefined)).toEqual({});
  });

  it('toggles values, dropping keys left without any', () => {
    expect(toggleFilterValue({}, 'region', 'Europe')).toEqual({ region: ['Europe'] });
    expect(toggleFilterValue({ region: ['Europe'] }, 'region', 'Asia')).toEqual({
      region: ['Europe', 'Asia'],
    });
    expect(toggleFilterValue({ region: ['Europe'], country: ['FR'] }, 'region', 'Europe')).toEqual({
      country: ['FR'],
    });
    expect(withoutFilter({ region: ['Europe'], country: ['FR'] }, 'country')).toEqual({ region: ['Europe'] });
  });
});

describe('value counts per filter key', () => {
  const result: Pick<MultiSearchResult, 'sources'> = {
    sources: {
      countries: {
        dataType: 'country',
        count: 3,
        limited: false,
        facets: { region: { Europe: 2, Asia: 1 } },
        histograms: {},
      },
      cities: {
        dataType: 'city',
        count: 5,
        limited: false,
        facets: { country: { FR: 4, DE: 1 } },
        histograms: {},
      },
      towns: {
        dataType: 'town',
        count: 2,
        limited: false,
        facets: { countryCode: { FR: 1, IT: 1 } },
        histograms: { inhabitants: [0, 1, 1] },
      },
    },
  };

  it('maps each key to its property per source and sums sources sharing a key', () => {
    expect(countsByFilterKey(sources, result, ['region', 'country', 'featureCode'])).toEqual({
      region: { Europe: 2, Asia: 1 },
      country: { FR: 5, DE: 1, IT: 1 },
      featureCode: {},
    });
  });

  it('maps each range key to its property per source', () => {
    expect(rangeCountsByKey(sources, result, ['population', 'region'])).toEqual({ population: [0, 1, 1] });
    expect(rangeCountsByKey(sources, { sources: { towns: 'error' } }, ['population'])).toEqual({});
  });

  it('skips sources whose search failed', () => {
    expect(
      countsByFilterKey(sources, { sources: { ...result.sources, cities: 'error' } }, ['country']),
    ).toEqual({ country: { FR: 1, IT: 1 } });
  });
});
