// The region dates and numbers follow (spec §9: the date picker's first weekday depends on it):
// the region the browser names for the chosen language (fr-CA for French), else the first region
// it names at all, else the language's usual region (ar: Egypt).
import type { LocaleEntry } from '#shared/locales';

function localeOrUndefined(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag);
  } catch {
    return undefined;
  }
}

export function userRegion(locale: LocaleEntry, browserTags: readonly string[]): string {
  const parsed = browserTags.map(localeOrUndefined).filter((l) => l !== undefined);
  const preferred = [...parsed.filter((l) => l.language === locale.code), ...parsed];
  return (
    preferred.find((l) => l.region)?.region ?? new Intl.Locale(locale.language).maximize().region ?? 'US'
  );
}

/** The BCP 47 tag for Intl formatting: the interface language in the user's region. */
export function formattingTag(locale: LocaleEntry, region: string): string {
  return `${locale.code}-${region}`;
}

interface WeekInfo {
  /** 1 = Monday … 7 = Sunday. */
  firstDay: number;
}
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The first day of the week as dayjs counts (0 = Sunday … 6 = Saturday); undefined where the
 *  browser cannot tell (Firefox), leaving the language's own default. */
export function firstDayOfWeek(tag: string): number | undefined {
  const locale = localeOrUndefined(tag) as LocaleWithWeekInfo | undefined;
  const info = locale?.getWeekInfo?.() ?? locale?.weekInfo;
  return info ? info.firstDay % 7 : undefined;
}
