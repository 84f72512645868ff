// i18next set-up (spec §9): the language comes from the i18n_redirected cookie, else the browser's
// languages, else English; its messages are fetched on demand from the server. A language whose
// messages fail to load falls back to English with the console warning the spec names.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, findLocale, LOCALE_COOKIE, localeCodes, pickLocale } from '#shared/locales';
import { readCookie, writePreferenceCookie } from '../lib/cookies';
import { rightToLeftCache } from '../theme/emotion-caches';
import { messagesBackend } from './messages-backend';
import { loadMuiTranslations } from './mui-localizations';

/** A server-rendered page's language (docs/rendering.md): its messages, the page's head asked for already. */
export interface StartLanguage {
  locale: string;
}

export async function initI18n(start?: StartLanguage): Promise<typeof i18next> {
  i18next.on('failedLoading', (locale, _namespace, reason) =>
    console.warn('Failed to load messages for locale', locale, reason),
  );
  // The choice is remembered for a year, whether detected or picked in the language menu.
  i18next.on('languageChanged', (code) => writePreferenceCookie(LOCALE_COOKIE, code));
  await i18next
    .use(messagesBackend)
    .use(initReactI18next)
    .init({
      lng: start?.locale ?? pickLocale([readCookie(LOCALE_COOKIE), ...navigator.languages]).code,
      fallbackLng: defaultLocale,
      supportedLngs: localeCodes,
      load: 'languageOnly',
      // One quick retry, then the fallback: the defaults keep a user waiting for ten seconds.
      maxRetries: 1,
      retryTimeout: 300,
      // Report keys missing even from English, instead of quietly showing the key.
      saveMissing: true,
      missingKeyHandler: (locales, _namespace, key) => console.warn('Missing translation key', key, locales),
      interpolation: { escapeValue: false },
      // i18next otherwise advertises a paid service in every user's console.
      showSupportNotice: false,
    });
  return i18next;
}

/** Switches the interface language, loading its messages first (again, if an earlier load failed). */
export async function changeLocale(code: string): Promise<void> {
  await Promise.all([
    i18next.hasResourceBundle(code, 'translation') ? null : i18next.reloadResources([code]),
    // Loaded before the switch, so the page changes at once instead of suspending.
    code === defaultLocale ? null : loadMuiTranslations(),
    findLocale(code)?.dir === 'rtl' ? rightToLeftCache.load() : null,
  ]);
  await i18next.changeLanguage(code);
}
