import { describe, expect, it } from 'vitest';
import { itemTitle } from './item-title';

const countries = { titleProperty: 'name', localizedTitleProperty: 'localizedName' };
const france = { name: 'France', localizedName: { es: 'Francia', fr: 'France', ar: 'فرنسا' } };

describe('item title', () => {
  it('is the name in the interface language when the source keeps one', () => {
    expect(itemTitle(countries, france, 'ar', 'FRA')).toBe('فرنسا');
    expect(itemTitle(countries, france, 'es', 'FRA')).toBe('Francia');
    expect(itemTitle(countries, france, 'es-MX', 'FRA')).toBe('Francia');
  });

  it('is the title property in English and in a language the item has no name in', () => {
    expect(itemTitle(countries, france, 'en', 'FRA')).toBe('France');
    expect(itemTitle(countries, { name: 'Kosovo', localizedName: { es: 'Kosovo' } }, 'ar', 'UNK')).toBe(
      'Kosovo',
    );
  });

  it('ignores localized titles that are blank, not text, or inherited names', () => {
    expect(itemTitle(countries, { name: 'France', localizedName: { ar: ' ' } }, 'ar', 'FRA')).toBe('France');
    expect(itemTitle(countries, { name: 'France', localizedName: { ar: 7 } }, 'ar', 'FRA')).toBe('France');
    expect(itemTitle(countries, { name: 'France', localizedName: 'فرنسا' }, 'ar', 'FRA')).toBe('France');
    expect(itemTitle(countries, { name: 'France', localizedName: {} }, 'constructor', 'FRA')).toBe('France');
  });

  it('reads only the title property for a source without localized titles, else the key', () => {
    expect(itemTitle({ titleProperty: 'name' }, france, 'ar', 'FRA')).toBe('France');
    expect(itemTitle(countries, { localizedName: { es: 'Francia' } }, 'en', 'FRA')).toBe('FRA');
    expect(itemTitle({ titleProperty: 'id' }, { id: 42 }, 'en', 'k')).toBe('42');
  });
});
