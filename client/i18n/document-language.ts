// Keeps <html lang dir> in step with the language on screen: Arabic turns the page right-to-left.
import type { LocaleEntry } from '#shared/locales';

export function applyDocumentLanguage(locale: LocaleEntry): void {
  document.documentElement.lang = locale.code;
  document.documentElement.dir = locale.dir;
}
