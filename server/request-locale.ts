// The interface language of a request, as the browser app chose it: the i18n_redirected cookie
// the client writes, else the best Accept-Language match, else English. For what the server
// itself writes to a person (sign-in emails).
import { defaultLocale, findLocale, type LocaleEntry } from '../shared/locales';

export const LOCALE_COOKIE = 'i18n_redirected';

function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Accept-Language tags, best first (q=0 dropped), reduced to their language. */
function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { language: tag.split('-')[0]!.toLowerCase(), q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.language);
}

export function requestLocale(headers: Headers): LocaleEntry {
  const candidates = [
    cookieValue(headers.get('cookie') ?? '', LOCALE_COOKIE),
    ...acceptedLanguages(headers.get('accept-language') ?? ''),
  ];
  for (const code of candidates) {
    const locale = code ? findLocale(code) : undefined;
    if (locale) return locale;
  }
  return findLocale(defaultLocale)!;
}
