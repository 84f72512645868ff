// Date and time pickers in the interface language, with the week starting on the user's region's
// first day (Monday in France, Sunday in the US and Canada, Saturday in Egypt).
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pickerLocaleText } from './picker-locale-text';
import { firstDayOfWeek, formattingTag } from './region';
import { useActiveLocale } from './use-active-locale';
import { useUserRegion } from './use-user-region';

/** Registers (once) a dayjs locale for the language in the region and returns its name. */
function dayjsLocaleFor(language: string, tag: string): string {
  const name = tag.toLowerCase();
  if (!dayjs.Ls[name]) {
    const base = dayjs.Ls[language] ?? dayjs.Ls.en!;
    dayjs.locale({ ...base, name, weekStart: firstDayOfWeek(tag) ?? base.weekStart }, undefined, true);
  }
  return name;
}

export function DateLocalizationProvider({ region, children }: { region?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const locale = useActiveLocale();
  const userRegion = useUserRegion();
  const tag = formattingTag(locale, region ?? userRegion);
  const adapterLocale = useMemo(() => dayjsLocaleFor(locale.code, tag), [locale.code, tag]);
  const localeText = useMemo(() => pickerLocaleText(t), [t]);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
