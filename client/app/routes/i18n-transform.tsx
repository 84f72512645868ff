// /modules/i18n/transform: dates, numbers, currencies and relative times per locale. Its date-time
// picker needs the pickers' localization, which only pages with pickers load.
import { I18nTransformPage } from '#client/features/language/i18n-transform-page';
import { DateLocalizationProvider } from '#client/i18n/date-localization-provider';

export function Component() {
  return (
    <DateLocalizationProvider>
      <I18nTransformPage />
    </DateLocalizationProvider>
  );
}
