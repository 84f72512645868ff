// i18next set-up (spec §9): the language comes from the i18n_redirected cookie, else the browser's
// languages, else English; its messages are fetched on demand from the server. A language whose
// messages fail to load falls back to English with the console warning the spec names.
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, i18nPaths, localeCodes } from '../../shared/locales';

export const LOCALE_COOKIE = 'i18n_redirected';
const ONE_YEAR_MINUTES = 365 * 24 * 60;

export async function initI18n(): Promise<typeof i18next> {
  i18next.on('failedLoading', (locale, _namespace, reason) =>
    console.warn('Failed to load messages for locale', locale, reason),
  );
  await i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: defaultLocale,
      supportedLngs: localeCodes,
      load: 'languageOnly',
      detection: {
        order: ['cookie', 'navigator'],
        lookupCookie: LOCALE_COOKIE,
        caches: ['cookie'],
        cookieMinutes: ONE_YEAR_MINUTES,
        cookieOptions: { path: '/', sameSite: 'lax' },
        // fr-CA means French: match on the language alone so a later "en" cannot win over it.
        convertDetectedLanguage: (tag: string) => tag.split('-')[0]!.toLowerCase(),
      },
      // The build id in the query keeps a new release from reading a day-old cached copy.
      backend: { loadPath: `${i18nPaths.messagesTemplate}?v=${__BUILD_ID__}` },
      // One quick retry, then the fallback: the defaults keep a user waiting for ten seconds.
      maxRetries: 1,
      retryTimeout: 300,
      // Report keys missing even from English, instead of quietly showing the key.
      saveMissing: true,
      missingKeyHandler: (locales, _namespace, key) => console.warn('Missing translation key', key, locales),
      interpolation: { escapeValue: false },
    });
  return i18next;
}

/** Switches the interface language, loading its messages first (again, if an earlier load failed). */
export async function changeLocale(code: string): Promise<void> {
  if (!i18next.hasResourceBundle(code, 'translation')) await i18next.reloadResources([code]);
  await i18next.changeLanguage(code);
}
