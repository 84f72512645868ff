import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '../app-config';
import { validateRecord } from '../search/record-validation';
import { countryRecords } from './countries';
import { countryOtherNames } from './country-other-names';

describe('country records', () => {
  it('name each country in the interface languages other than English, for its title', () => {
    const records = countryRecords();
    const france = records.find((record) => record.code === 'FRA');
    expect(france?.localizedName).toEqual({ es: 'Francia', fr: 'France', ar: 'فرنسا' });
    const countries = loadAppConfig().gapSearch.dataSources.countries!;
    expect(records.filter((record) => !validateRecord(countries, record).ok)).toEqual([]);
  });

  it('add the former names and nations people type to the other spellings, each of a real country', () => {
    const records = countryRecords();
    const codes = new Set(records.map((record) => record.code));
    expect(Object.keys(countryOtherNames).filter((code) => !codes.has(code))).toEqual([]);
    const spellings = (code: string) => records.find((record) => record.code === code)?.altSpellings;
    expect(spellings('LKA')).toEqual(expect.arrayContaining(['Ceylon', 'Ceilán']));
    expect(spellings('GBR')).toEqual(expect.arrayContaining(['England', 'Angleterre']));
  });
});
