import { describe, expect, it } from 'vitest';
import type { DataSourceConfig } from '#shared/app-config';
import { itemFields } from './item-fields';

const source = {
  titleProperty: 'name',
  localizedTitleProperty: 'localizedName',
  descriptionProperties: ['capital'],
  searchProperties: { name: 'text', altSpellings: 'text[]' },
  indexedProperties: { region: 'enum', borders: 'string[]' },
  filters: { region: 'region', neighbour: 'borders' },
} as unknown as DataSourceConfig;

describe('item fields', () => {
  it('lists the description, then filterable, searched and other fields, without the title or the search’s own', () => {
    const document = {
      id: 'FRA',
      rank: 5.7,
      name: 'France',
      area: 551695,
      altSpellings: ['FR'],
      borders: ['BEL', 'DEU'],
      capital: 'Paris',
      region: 'Europe',
      flag: '🇫🇷',
    };
    expect(itemFields(source, document, 'France')).toEqual([
      { property: 'capital', value: 'Paris', filterKey: undefined },
      { property: 'region', value: 'Europe', filterKey: 'region' },
      { property: 'borders', value: ['BEL', 'DEU'], filterKey: 'neighbour' },
      { property: 'altSpellings', value: ['FR'], filterKey: undefined },
      { property: 'area', value: 551695, filterKey: undefined },
      { property: 'flag', value: '🇫🇷', filterKey: undefined },
    ]);
  });

  it('leaves out empty values', () => {
    const fields = itemFields(
      source,
      { id: 'X', rank: 0, name: 'X', capital: '', borders: [], region: null },
      'X',
    );
    expect(fields).toEqual([]);
  });

  it('lists the title property when the heading shows a localized title, never the localized titles', () => {
    const document = { id: 'FRA', rank: 5.7, name: 'France', localizedName: { es: 'Francia', ar: 'فرنسا' } };
    expect(itemFields(source, document, 'فرنسا')).toEqual([
      { property: 'name', value: 'France', filterKey: undefined },
    ]);
    expect(itemFields(source, document, 'France')).toEqual([]);
  });
});
