import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '../app-config';
import { MAX_RECORD_DEPTH, validateRecord, validateRecords } from './record-validation';

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
    expect(validateRecord(countries, { ...france, localizedName: { es: 'Francia', ar: 'فرنسا' } }).ok).toBe(
      true,
    );
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
      localizedName: { es: 'Francia', ar: ['فرنسا'] },
    });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.problems).toEqual([
      { property: 'code', reason: '"code" (the key) must be a non-empty string or a number' },
      { property: 'name', reason: '"name" (the title) must be a non-empty string' },
      { property: 'rank', reason: '"rank" is reserved by the search and may not be a record property' },
      { property: 'capital', reason: '"capital" must be an array of strings' },
      { property: 'region', reason: '"region" must be a string' },
      { property: 'languages', reason: '"languages" must be an array of strings' },
      { property: 'localizedName', reason: '"localizedName" must be an object of titles by language code' },
      { property: 'area', reason: '"area" must be a number ≥ 0' },
    ]);
    expect(validateRecord(countries, ['not', 'an', 'object'])).toEqual({
      ok: false,
      problems: [{ reason: 'a record must be a JSON object' }],
    });
  });

  it('refuses nesting past MAX_RECORD_DEPTH and U+0000 anywhere, even 20,000 levels deep', () => {
    /** A property value that takes the record to `levels` levels of nesting (the record is the first). */
    const nest = (levels: number) => {
      let value: unknown = 'leaf';
      for (let level = 1; level < levels; level += 1) value = [value];
      return value;
    };
    expect(validateRecord(countries, { ...france, extra: nest(MAX_RECORD_DEPTH) }).ok).toBe(true);
    for (const levels of [MAX_RECORD_DEPTH + 1, 20_000]) {
      expect(validateRecord(countries, { ...france, extra: nest(levels) })).toEqual({
        ok: false,
        problems: [{ reason: 'the record is nested deeper than 64 levels' }],
      });
    }
    for (const extra of [{ deep: [['a\u0000b']] }, { 'key\u0000': 1 }]) {
      expect(validateRecord(countries, { ...france, extra })).toEqual({
        ok: false,
        problems: [{ reason: 'text may not contain the character U+0000' }],
      });
    }
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
