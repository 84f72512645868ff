// What the search box offers while typing and the screen when a search finds little, from the
// loaded indexes in the worker (no server round trip, so it works offline): titles completing the
// text, popular first, and the query corrected from the indexes' words.
import type { DataSourceConfig } from '#shared/app-config';
import { mergeCompletions } from '#shared/search/query-help';
import { buildSearchRequest } from '#shared/search/search-request';
import type { SearchIndexDeps } from './load-search-indexes';

/** Completions the box shows at most. */
export const SUGGESTION_LIMIT = 6;
/** Hits per source looked at for completions: enough that titles survive hits matched through other fields. */
const SCANNED_HITS = 30;

type Deps = Pick<SearchIndexDeps, 'store' | 'worker'>;

function loadedNames(dataSources: Record<string, DataSourceConfig>, deps: Deps): string[] {
  const { sources } = deps.store.getSnapshot();
  return Object.keys(dataSources).filter((name) => sources[name]?.state === 'loaded');
}

/** Titles of the loaded `dataSources` completing `text`, best first, in `language` where they have one; [] for blank text. */
export async function suggestCompletions(
  dataSources: Record<string, DataSourceConfig>,
  text: string,
  language: string,
  deps: Deps,
): Promise<string[]> {
  if (!text.trim()) return [];
  const lists = await Promise.all(
    loadedNames(dataSources, deps).map((name) => {
      const source = dataSources[name]!;
      const request = { ...buildSearchRequest(source, text), limit: SCANNED_HITS };
      const { titleProperty, localizedTitleProperty } = source;
      return deps.worker
        .suggestTitles(name, request, { titleProperty, localizedTitleProperty }, language)
        .catch(() => []);
    }),
  );
  return mergeCompletions(lists, SUGGESTION_LIMIT);
}

/** `text` corrected from the words of the loaded `dataSources`, or undefined. */
export async function correctQuery(
  dataSources: Record<string, DataSourceConfig>,
  text: string,
  deps: Deps,
): Promise<string | undefined> {
  if (!text.trim()) return undefined;
  return deps.worker.didYouMean(loadedNames(dataSources, deps), text).catch(() => undefined);
}
