// The one place that picks an item's title: the name in the interface language when the source
// keeps localized titles and has one in that language, else the title property (the name searches
// and sorts use), else the key.
import type { DataSourceConfig } from '../app-config';

export type TitleSource = Pick<DataSourceConfig, 'titleProperty' | 'localizedTitleProperty'>;

export function itemTitle(
  source: TitleSource,
  document: Record<string, unknown>,
  language: string,
  key: string,
): string {
  const localized = source.localizedTitleProperty && document[source.localizedTitleProperty];
  // Titles are keyed by interface language code ("fr"), whatever region a tag names ("fr-CA").
  const code = language.split('-')[0]!;
  if (localized && typeof localized === 'object' && Object.hasOwn(localized, code)) {
    const title = (localized as Record<string, unknown>)[code];
    if (typeof title === 'string' && title.trim() !== '') return title;
  }
  const title = document[source.titleProperty];
  return title === undefined || title === null ? key : String(title);
}
