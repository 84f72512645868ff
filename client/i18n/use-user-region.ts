// The user's region for the language on screen, and the Intl tag to format dates and numbers with.
import { formattingTag, userRegion } from './region';
import { useActiveLocale } from './use-active-locale';

export function useUserRegion(): string {
  return userRegion(useActiveLocale(), navigator.languages);
}

/** e.g. "fr-CA": pass it to Intl.DateTimeFormat, Intl.NumberFormat and friends. */
export function useFormattingTag(): string {
  const locale = useActiveLocale();
  return formattingTag(locale, userRegion(locale, navigator.languages));
}
