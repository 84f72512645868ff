import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '../app-config';
import { validateRecord, validateRecords } from './record-validation';

const countries = loadAppConfig().gapSearch.dataSources.countries!;
const france = {
  code: 'FRA',
  name: 'France',
  capital: ['Paris'],
  region: 'Europe',
  languages: ['fra'],
  borders: ['BEL', 'DEU'],
  area: 551695,
};

describe('validateRecord', () => {
  it('accepts a record and computes its rank from the configured property', () => {
    const check = validateRecord(countries, { ...france, subregion: null });
    expect(check).toEqual({
      ok: true,
      record: { key: 'FRA', document: france, rank: Math.round(Math.log10(551696) * 1000) / 1000 },
    });
  });

  it('names every problem of a record', () => {
    const check = validateRecord(countries, {
      name: '',
      capital: 'Paris',
      region: ['Europe'],
      languages: 'fra',
      area: -1,
      rank: 3,
    });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reasons).toEqual([
      '"code" (the key) must be a non-empty string or a number',
      '"name" (the title) must be a non-empty string',
      '"rank" is reserved by the search and may not be a record property',
      '"capital" must be an array of strings',
      '"region" must be a string',
      '"languages" must be an array of strings',
      '"area" must be a number ≥ 0',
    ]);
    expect(validateRecord(countries, ['not', 'an', 'object'])).toEqual({
      ok: false,
      reasons: ['a record must be a JSON object'],
    });
  });
});

describe('validateRecords', () => {
  it('rejects a repeated key, pointing at its first use', () => {
    const { valid, rejected } = validateRecords(countries, [
      { at: 1, record: france },
      { at: 2, record: { ...france, name: 'Francia' } },
    ]);
    expect(valid).toHaveLength(1);
    expect(rejected).toEqual([{ at: 2, reasons: ['key "FRA" was already used at 1'] }]);
  });
});
