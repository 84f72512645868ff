import { describe, expect, it } from 'vitest';
import { pickLocale } from './locales';

const codeOf = (tags: (string | undefined)[]) => pickLocale(tags).code;

describe('pickLocale', () => {
  it('takes the first supported language in order, by language alone, else English', () => {
    expect(codeOf(['ar', 'fr-FR'])).toBe('ar');
    expect(codeOf([undefined, 'de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(codeOf(['klingon', 'ES'])).toBe('es');
    expect(codeOf([undefined, 'de', 'it'])).toBe('en');
    expect(codeOf(['', ...[]])).toBe('en');
  });
});
