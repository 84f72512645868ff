// The interface language of a request, as the browser app chose it: its language cookie, else
// the best Accept-Language match, else English. For what the server itself writes to a person
// (sign-in emails).
import { parseAccept } from 'hono/utils/accept';
import { parse } from 'hono/utils/cookie';
import { LOCALE_COOKIE, type LocaleEntry, pickLocale } from '../shared/locales';

export function requestLocale(headers: Headers): LocaleEntry {
  // parseAccept sorts by quality; q=0 means "not this one".
  const accepted = parseAccept(headers.get('accept-language') ?? '').filter((language) => language.q > 0);
  return pickLocale([parse(headers.get('cookie') ?? '')[LOCALE_COOKIE], ...accepted.map((l) => l.type)]);
}
