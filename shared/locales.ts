// The interface languages (spec §9). Messages live in locales/{code}.json.
export interface LocaleEntry {
  code: string;
  name: string;
  /** BCP 47 tag used for Intl formatting. */
  language: string;
  dir: 'ltr' | 'rtl';
}

export const locales: LocaleEntry[] = [
  { code: 'en', name: 'English', language: 'en-US', dir: 'ltr' },
  { code: 'es', name: 'Español', language: 'es-ES', dir: 'ltr' },
  { code: 'fr', name: 'Français', language: 'fr-FR', dir: 'ltr' },
  { code: 'ar', name: 'العربية', language: 'ar', dir: 'rtl' },
];

export const defaultLocale = 'en';
export const localeCodes = locales.map((l) => l.code);

export function findLocale(code: string): LocaleEntry | undefined {
  return locales.find((l) => l.code === code);
}

/** Where the browser app keeps the chosen language, for the server's texts too (sign-in emails). */
export const LOCALE_COOKIE = 'i18n_redirected';

/**
 * The first supported locale among language tags in order of preference, matched by language
 * alone (fr-CA means French, so a later "en" cannot win over it), else the default locale.
 */
export function pickLocale(tags: readonly (string | undefined)[]): LocaleEntry {
  for (const tag of tags) {
    const locale = tag ? findLocale(tag.split('-')[0]!.toLowerCase()) : undefined;
    if (locale) return locale;
  }
  return findLocale(defaultLocale)!;
}

export const i18nPaths = {
  messages: (code: string) => `/_i18n/${code}/messages.json`,
  messagesTemplate: '/_i18n/{{lng}}/messages.json',
} as const;
