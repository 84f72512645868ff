import { describe, expect, it } from 'vitest';
import { localeCodes } from '../shared/locales';
import { builtAtTexts } from './built-at-texts';

describe('builtAtTexts', () => {
  it('writes the build time in UTC, named, in every interface language', () => {
    const texts = builtAtTexts('2026-03-04T23:30:05.000Z');
    expect(Object.keys(texts)).toEqual(localeCodes);
    expect(texts.en).toBe('March 4, 2026 at 11:30:05 PM UTC');
    expect(texts.fr).toBe('4 mars 2026 à 23:30:05 UTC');
    expect(texts.es).toBe('4 de marzo de 2026 a las 23:30:05 UTC');
    expect(texts.ar).toContain('مارس');
  });
});
