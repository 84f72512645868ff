// The interface language of a request, as the browser app chose it: its language cookie, else
// the best Accept-Language match, else English. For what the server itself writes to a person
// (sign-in emails).
import { parseAccept } from 'hono/utils/accept';
import { parse } from 'hono/utils/cookie';
import { LOCALE_COOKIE, type LocaleEntry, pickLocale } from '../shared/locales';

/** The languages the browser asks for, most wanted first, as `navigator.languages` lists them. */
export function acceptedLanguages(headers: Headers): string[] {
  // parseAccept sorts by quality; q=0 means "not this one".
  return parseAccept(headers.get('accept-language') ?? '')
    .filter((language) => language.q > 0 && language.type !== '*')
    .map((language) => language.type);
}

export function requestLocale(headers: Headers): LocaleEntry {
  return pickLocale([parse(headers.get('cookie') ?? '')[LOCALE_COOKIE], ...acceptedLanguages(headers)]);
}
