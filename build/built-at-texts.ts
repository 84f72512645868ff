// When the build was made, written in each interface language once, at build time: a page's first
// Intl formatter costs the browser tens of milliseconds in one task (docs/rendering.md), and Node
// writing the text for both the server's render and the browser's bundle means they cannot differ.
import { locales } from '../shared/locales';

/** The build's time in UTC, named, in every locale's long date and time style, by locale code. */
export function builtAtTexts(timestamp: string): Record<string, string> {
  const builtAt = new Date(timestamp);
  return Object.fromEntries(
    locales.map(({ code, language }) => [
      code,
      new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(
        builtAt,
      ),
    ]),
  );
}
