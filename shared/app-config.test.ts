import { describe, expect, it } from 'vitest';
import config from '../app.config';
import { ConfigError, parseAppConfig } from './app-config';

describe('parseAppConfig', () => {
  it('accepts the shipped app.config.ts', () => {
    expect(parseAppConfig(config).platformName).toBe('Sift');
  });

  it('names the offending fields', () => {
    const broken = { ...config, menuSide: 'top', logo: 'logo.exe' };
    expect(() => parseAppConfig(broken)).toThrow(ConfigError);
    expect(() => parseAppConfig(broken)).toThrow(/menuSide:[\s\S]*logo:|logo:[\s\S]*menuSide:/);
  });

  describe('data sources', () => {
    const sources = config.gapSearch.dataSources;
    const withCities = (changes: Record<string, unknown>) => ({
      ...config,
      gapSearch: { dataSources: { ...sources, cities: { ...sources.cities!, ...changes } } },
    });
    const message = (input: unknown) => {
      try {
        parseAppConfig(input);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };

    it('names the source and field of a malformed setting', () => {
      const text = message(
        withCities({
          algorithm: 'magic',
          searchProperties: {},
          keyProperty: 'a.b',
          boostProperties: { 'a-b': 2 },
        }),
      );
      expect(text).toContain('gapSearch.dataSources.cities.algorithm: must be one of: sift');
      expect(text).toContain(
        'gapSearch.dataSources.cities.searchProperties: must name at least one property',
      );
      expect(text).toContain('gapSearch.dataSources.cities.keyProperty: must be a property name');
      expect(text).toContain('gapSearch.dataSources.cities.boostProperties.a-b: must be a property name');
      expect(message({ ...config, gapSearch: { dataSources: { 'Bad Name': sources.cities } } })).toContain(
        'gapSearch.dataSources.Bad Name: a source name must be lower-case letters, digits and dashes',
      );
    });

    it('weighs the title properties above the others, which must weigh less', () => {
      const text = message(
        withCities({
          titleProperties: ['name', 'country'],
          codeProperties: ['code'],
          boostProperties: { name: 0.8, altNames: 0.8 },
        }),
      );
      expect(text).toContain(
        'gapSearch.dataSources.cities.titleProperties.1: "country" is not one of searchProperties',
      );
      expect(text).toContain(
        'gapSearch.dataSources.cities.codeProperties.0: "code" is not one of searchProperties',
      );
      expect(text).toContain(
        'gapSearch.dataSources.cities.boostProperties.altNames: must weigh less than the title properties (0.8)',
      );
      expect(message(withCities({ boostProperties: { altNames: 0.79 } }))).toBe('');
      // Without a weight of its own, a property that is not a title weighs 0.5.
      expect(message(withCities({ boostProperties: { name: 0.5 } }))).toContain(
        'cities.boostProperties.altNames: must weigh less than the title properties (0.5)',
      );
    });

    it('refuses the benchmark-only Orama algorithms', () => {
      for (const algorithm of ['bm25', 'qps']) {
        expect(message(withCities({ algorithm }))).toContain(
          'gapSearch.dataSources.cities.algorithm: must be one of: sift',
        );
      }
    });

    it('wants localized titles in a stored property that is shown, not searched, filtered or reserved', () => {
      expect(message(withCities({ localizedTitleProperty: 'localizedName' }))).toBe('');
      expect(message(withCities({ localizedTitleProperty: 'altNames' }))).toContain(
        'gapSearch.dataSources.cities.localizedTitleProperty: "altNames" is searched or indexed, not an object of titles',
      );
      expect(
        message(withCities({ localizedTitleProperty: 'localizedName', omitFromHits: ['localizedName'] })),
      ).toContain(
        'gapSearch.dataSources.cities.omitFromHits.0: "localizedName" is shown, sorted on or filtered',
      );
      expect(message(withCities({ localizedTitleProperty: 'score' }))).toContain(
        'gapSearch.dataSources.cities.localizedTitleProperty: "score" is reserved by the search',
      );
    });

    it('names the source and field of settings that contradict each other', () => {
      const text = message(
        withCities({
          boostProperties: { population: 2 },
          filters: { land: 'nation' },
          lookups: { name: 'city' },
          searchProperties: { name: 'text', country: 'text' },
          sortOptions: [
            { id: 'name', property: 'name', direction: 'asc' },
            { id: 'name', property: 'score', direction: 'desc' },
          ],
        }),
      );
      expect(
        message(
          withCities({
            rangeFilters: {
              country: { property: 'country', buckets: [1, 1] },
              size: { property: 'rank', buckets: [] },
            },
            coordinates: { lat: 'score', lon: 'lon' },
          }),
        ),
      ).toSatisfy((rangeText: string) =>
        [
          'cities.rangeFilters.country: is also a key of filters',
          'cities.rangeFilters.country.property: "country" is searched or indexed, not a number',
          'cities.rangeFilters.country.buckets: must be in ascending order',
          'cities.rangeFilters.size.buckets: Too small',
          'cities.rangeFilters.size.property: "rank" is reserved by the search',
          'cities.coordinates.lat: "score" is reserved by the search',
        ].every((expected) => rangeText.includes(`gapSearch.dataSources.${expected}`)),
      );
      const countries = sources.countries!;
      expect(
        message({
          ...config,
          gapSearch: {
            dataSources: {
              ...sources,
              countries: {
                ...countries,
                rangeFilters: { population: { property: 'people', buckets: [10] } },
              },
            },
          },
        }),
      ).toContain(
        'gapSearch.dataSources.cities.rangeFilters.population.buckets: must be the buckets of every other source with this range filter key',
      );
      for (const expected of [
        'cities.boostProperties.population: is not one of searchProperties',
        'cities.filters.land: "nation" is not one of indexedProperties',
        'cities.lookups.name: is not one of indexedProperties',
        'cities.searchProperties.country: is also in indexedProperties',
        'cities.sortOptions.1.property: "score" is reserved by the search',
        'cities.sortOptions.1.id: "name" is used twice',
      ]) {
        expect(text).toContain(`gapSearch.dataSources.${expected}`);
      }
    });
  });
});
