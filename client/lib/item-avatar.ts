// What stands for an item in its avatar (search results, the item page): the flag of the country a
// source's `flagProperty` names (an ISO 3166-1 alpha-2 code drawn as its regional-indicator emoji,
// so no image ships and it works offline), else the title's first letter.
import flagFontUrl from 'country-flag-emoji-polyfill/dist/TwemojiCountryFlags.woff2?url';
import type { DataSourceConfig } from '#shared/app-config';

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** "FR" → 🇫🇷; undefined for anything that is not two letters. */
export function flagEmoji(code: unknown): string | undefined {
  if (typeof code !== 'string' || !/^[A-Za-z]{2}$/.test(code)) return undefined;
  const letters = [...code.toUpperCase()].map((c) => REGIONAL_INDICATOR_A + c.charCodeAt(0) - 65);
  return String.fromCodePoint(...letters);
}

export function itemAvatar(
  source: Pick<DataSourceConfig, 'flagProperty'>,
  document: Record<string, unknown>,
  title: string,
): string {
  const flag = source.flagProperty === undefined ? undefined : flagEmoji(document[source.flagProperty]);
  return flag ?? [...title][0]?.toUpperCase() ?? '';
}

/**
 * Twemoji's country flags as a web font (the country-flag-emoji-polyfill package's woff2, 78 kB,
 * precached with the app): Windows and Linux draw regional-indicator pairs as two letters. Its
 * unicode-range holds only the flag characters, so it is fetched only when a flag is drawn, and
 * every other character falls through to the next font of the list.
 */
const FLAG_FONT_FAMILY = '"Twemoji Country Flags"';

/** The theme's font stack with the flag font first, for any text that may hold a flag. */
export const withFlagFont = (theme: { typography: { fontFamily?: string } }) =>
  `${FLAG_FONT_FAMILY}, ${theme.typography.fontFamily}`;

if (typeof document !== 'undefined' && 'fonts' in document && typeof FontFace !== 'undefined') {
  document.fonts.add(
    new FontFace(FLAG_FONT_FAMILY.slice(1, -1), `url(${flagFontUrl}) format('woff2')`, {
      unicodeRange: 'U+1F1E6-1F1FF',
      display: 'swap',
    }),
  );
}
