import { describe, expect, it } from 'vitest';
import { acceptedLanguages, requestLocale } from './request-locale';

const codeOf = (headers: Record<string, string>) => requestLocale(new Headers(headers)).code;

describe('requestLocale', () => {
  it('takes the language cookie first, then Accept-Language by quality, then English', () => {
    expect(codeOf({ cookie: 'a=1; i18n_redirected=ar; b=2', 'accept-language': 'fr' })).toBe('ar');
    expect(codeOf({ cookie: 'i18n_redirected=xx', 'accept-language': 'de-DE, es;q=0.8, fr;q=0.9' })).toBe(
      'fr',
    );
    expect(codeOf({ 'accept-language': 'fr-CA;q=0, es-MX' })).toBe('es');
    expect(codeOf({ 'accept-language': 'de, it' })).toBe('en');
    expect(codeOf({})).toBe('en');
  });
});

describe('acceptedLanguages', () => {
  it('lists the languages asked for by quality, without refused ones or the wildcard', () => {
    const headers = new Headers({ 'accept-language': 'en;q=0.5, fr-CA, *;q=0.1, de;q=0, es-MX;q=0.8' });
    expect(acceptedLanguages(headers)).toEqual(['fr-CA', 'es-MX', 'en']);
    expect(acceptedLanguages(new Headers())).toEqual([]);
  });
});
