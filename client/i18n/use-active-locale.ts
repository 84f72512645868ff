// The locale on screen: the chosen one, or English while the chosen one's messages failed to load.
import { useTranslation } from 'react-i18next';
import { defaultLocale, findLocale, type LocaleEntry } from '#shared/locales';

export function useActiveLocale(): LocaleEntry {
  const { i18n } = useTranslation();
  return findLocale(i18n.resolvedLanguage ?? defaultLocale) ?? findLocale(defaultLocale)!;
}
