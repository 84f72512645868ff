// The user's region for the language on screen, and the Intl tag to format dates and numbers with.
import { useSyncExternalStore } from 'react';
import { useFirstRender } from '#client/lib/first-render';
import { formattingTag, userRegion } from './region';
import { useActiveLocale } from './use-active-locale';

// A string, not the array: the snapshot must compare equal while the languages stay the same.
const SEPARATOR = ',';
const browserLanguages = () => navigator.languages.join(SEPARATOR);

function subscribeToLanguages(onChange: () => void) {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

/**
 * `navigator.languages`; a server-rendered page was drawn with the languages the request named,
 * and hydration agrees with them before following the browser's.
 */
function useBrowserLanguages(): string[] {
  const firstRender = useFirstRender();
  const languages = useSyncExternalStore(subscribeToLanguages, browserLanguages, () =>
    firstRender ? firstRender.languages.join(SEPARATOR) : browserLanguages(),
  );
  return languages ? languages.split(SEPARATOR) : [];
}

export function useUserRegion(): string {
  return userRegion(useActiveLocale(), useBrowserLanguages());
}

/** e.g. "fr-CA": pass it to Intl.DateTimeFormat, Intl.NumberFormat and friends. */
export function useFormattingTag(): string {
  const locale = useActiveLocale();
  return formattingTag(locale, userRegion(locale, useBrowserLanguages()));
}
