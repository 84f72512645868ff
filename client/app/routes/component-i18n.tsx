// /vuetifyi18n: component-library strings and date pickers in each language.
import { ComponentI18nPage } from '#client/features/language/component-i18n-page';

export function Component() {
  return <ComponentI18nPage />;
}
