// The document's title for a page about one thing (an item): "<title> · <platform>", the same as the
// server writes into a page it renders; back to the platform's name when the page is left.
import { useEffect } from 'react';

export const pageTitle = (title: string, platformName: string) => `${title} · ${platformName}`;

/** Sets the title while the page shows `title` (undefined: the platform's name alone). */
export function usePageTitle(title: string | undefined, platformName: string): void {
  useEffect(() => {
    document.title = title === undefined ? platformName : pageTitle(title, platformName);
    return () => {
      document.title = platformName;
    };
  }, [title, platformName]);
}
