// /modules/i18n/basic: language switching, interpolation and plurals.
import { I18nBasicPage } from '#client/features/language/i18n-basic-page';

export function Component() {
  return <I18nBasicPage />;
}
