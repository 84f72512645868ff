// The demo lookups (spec §3: id + values): human labels for the codes in the demo sources. An id
// is `<namespace>.<code>` (the namespaces named by each source's `lookups` setting); the values
// are the label in each interface language, in the order of shared/locales.ts (en, es, fr, ar).
import type { Country } from 'world-countries';
import { locales } from '#shared/locales';
import { countryNameIn } from './countries';
import { featureCodeLabels, type Labels, regionLabels } from './lookup-labels';

export interface LookupRow {
  id: string;
  values: string[];
}

function entries(namespace: string, labels: Record<string, Labels>): LookupRow[] {
  return Object.entries(labels).map(([code, values]) => ({ id: `${namespace}.${code}`, values }));
}

function countryLookups(countries: Country[]): LookupRow[] {
  return countries.flatMap((country) => {
    const values = locales.map(({ code }) => countryNameIn(country, code));
    // Cities name countries by two-letter code, countries' borders by three-letter code.
    return [
      { id: `country.${country.cca2}`, values },
      { id: `country.${country.cca3}`, values },
    ];
  });
}

function languageLookups(countries: Country[]): LookupRow[] {
  const english = new Map<string, string>();
  for (const country of countries) {
    for (const [code, name] of Object.entries(country.languages)) english.set(code, name);
  }
  const namers = locales.map(({ language }) => new Intl.DisplayNames([language], { type: 'language' }));
  return [...english].map(([code, name]) => ({
    id: `language.${code}`,
    values: namers.map((namer, i) => {
      if (i === 0) return name;
      // ICU knows most ISO 639-3 codes; for the rest the English name is better than the code.
      const translated = namer.of(code);
      return translated && translated !== code ? translated : name;
    }),
  }));
}

export function demoLookups(countries: Country[]): LookupRow[] {
  return [
    ...countryLookups(countries),
    ...languageLookups(countries),
    ...entries('featureCode', featureCodeLabels),
    ...entries('region', regionLabels),
  ];
}
