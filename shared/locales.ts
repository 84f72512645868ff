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

export const i18nPaths = {
  messages: (code: string) => `/_i18n/${code}/messages.json`,
  messagesTemplate: '/_i18n/{{lng}}/messages.json',
} as const;
