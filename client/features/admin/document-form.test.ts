import { describe, expect, it } from 'vitest';
import config from '#app-config';
import { parseAppConfig } from '#shared/app-config';
import { documentOf, formFields, formValues, issuesByField } from './document-form';

const countries = parseAppConfig(config).gapSearch.dataSources.countries!;
const france = {
  code: 'FRA',
  name: 'France',
  capital: ['Paris'],
  region: 'Europe',
  languages: ['fra'],
  area: 551695,
  flag: { emoji: '🇫🇷' },
};

describe('the document form', () => {
  it('has a field per configured property, lists for [] types, and never the key', () => {
    const fields = formFields(countries);
    expect(fields[0]).toEqual({ property: 'name', list: false });
    expect(fields).toContainEqual({ property: 'capital', list: true });
    expect(fields).toContainEqual({ property: 'languages', list: true });
    expect(fields.map((f) => f.property)).not.toContain('code');
  });

  it('gives back the same document when nothing was edited, other properties included', () => {
    const values = formValues(countries, france);
    expect(values.fields.capital).toBe('Paris');
    expect(JSON.parse(values.other)).toEqual({ area: 551695, flag: { emoji: '🇫🇷' } });
    expect(documentOf(countries, 'FRA', france, values)).toEqual(france);
  });

  it('writes lists one value a line, leaves untouched empty fields out, refuses JSON that is no object', () => {
    const values = formValues(countries, france);
    values.fields.capital = 'Paris\n  Lyon \n\n';
    expect(documentOf(countries, 'FRA', france, values)).toMatchObject({ capital: ['Paris', 'Lyon'] });
    expect(documentOf(countries, 'FRA', france, values)).not.toHaveProperty('officialName');
    expect(documentOf(countries, 'FRA', france, { ...values, other: '[1]' })).toBeNull();
    expect(documentOf(countries, 'FRA', france, { ...values, other: '{' })).toBeNull();
  });

  it('keeps a value of another type in the JSON for the server to judge', () => {
    const odd = { ...france, region: 7 };
    const values = formValues(countries, odd);
    expect(values.fields.region).toBe('');
    expect(documentOf(countries, 'FRA', odd, values)).toMatchObject({ region: 7 });
  });

  it('puts each refusal reason on the field it is about', () => {
    const byField = issuesByField([
      { path: 'name', message: '"name" (the title) must be a non-empty string' },
      { path: 'code', message: 'not the key of the address' },
      { path: '', message: 'the record is nested deeper than 64 levels' },
    ]);
    expect(byField.get('name')).toEqual(['"name" (the title) must be a non-empty string']);
    expect(byField.get('code')).toEqual(['not the key of the address']);
    expect(byField.get('')).toEqual(['the record is nested deeper than 64 levels']);
  });
});
