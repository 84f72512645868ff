// The demo `countries` source: the world-countries package (ODbL), one record per country with
// its names in every translation the package has, so searches in any script find it.
import { createRequire } from 'node:module';
import type { Country } from 'world-countries';
import { countryOtherNames } from './country-other-names';

export function loadCountries(): Country[] {
  return createRequire(import.meta.url)('world-countries') as Country[];
}

/** world-countries' translation keys (ISO 639-3) for the interface languages other than English. */
const translationKey: Record<string, string> = { es: 'spa', fr: 'fra', ar: 'ara' };

const translatedName = (country: Country, code: string): string | undefined =>
  Object.hasOwn(translationKey, code) ? country.translations[translationKey[code]!]?.common : undefined;

/** The country's common name in interface language `code`; English when the package has none. */
export function countryNameIn(country: Country, code: string): string {
  return translatedName(country, code) ?? country.name.common;
}

/** The country's names in the interface languages other than English that the package has. */
function localizedNames(country: Country): Record<string, string> {
  return Object.fromEntries(
    Object.keys(translationKey).flatMap((code) => {
      const name = translatedName(country, code);
      return name ? [[code, name]] : [];
    }),
  );
}

export function countryRecords(countries = loadCountries()): Record<string, unknown>[] {
  return countries.map((country) => {
    const otherNames = [
      ...Object.values(country.name.native).map((n) => n.common),
      ...Object.values(country.translations).map((n) => n.common),
    ];
    return {
      code: country.cca3,
      cca2: country.cca2,
      name: country.name.common,
      // Shown as the title in the Spanish, French and Arabic interface (`localizedTitleProperty`).
      localizedName: localizedNames(country),
      officialName: country.name.official,
      capital: country.capital,
      // With the former names and nations people type (country-other-names.ts).
      altSpellings: [...new Set([...country.altSpellings, ...(countryOtherNames[country.cca3] ?? [])])],
      // ISO codes and the abbreviations among the other spellings (UK, UAE, DRC).
      codes: [
        ...new Set([
          country.cca2,
          country.cca3,
          ...country.altSpellings.filter((s) => /^[A-Z]{2,5}$/.test(s)),
        ]),
      ],
      translations: [...new Set(otherNames)].filter((n) => n !== country.name.common),
      region: country.region,
      // Antarctica has no subregion.
      ...(country.subregion ? { subregion: country.subregion } : {}),
      languages: Object.keys(country.languages),
      borders: country.borders,
      // The package marks an unknown area (Svalbard and Jan Mayen) as -1.
      ...(country.area >= 0 ? { area: country.area } : {}),
      flag: country.flag,
    };
  });
}
