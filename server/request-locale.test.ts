import { describe, expect, it } from 'vitest';
import { requestLocale } from './request-locale';

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
