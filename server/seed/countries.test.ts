import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '../app-config';
import { validateRecord } from '../search/record-validation';
import { countryRecords } from './countries';

describe('country records', () => {
  it('name each country in the interface languages other than English, for its title', () => {
    const records = countryRecords();
    const france = records.find((record) => record.code === 'FRA');
    expect(france?.localizedName).toEqual({ es: 'Francia', fr: 'France', ar: 'فرنسا' });
    const countries = loadAppConfig().gapSearch.dataSources.countries!;
    expect(records.filter((record) => !validateRecord(countries, record).ok)).toEqual([]);
  });
});
