// The public data server-rendered pages draw (docs/rendering.md, "Public items"), loaded only by the
// render bundle (loaders import it behind `import.meta.env.SSR`, so the browser's code has none of it).
// Public sources' indexes are restored here from the artifacts the server keeps (the same bytes the
// browser downloads) once per checksum, and kept for every later render: an item page reads its
// document and a search page its first results from them as the browser's worker would.
import { itemFields } from '#client/features/item-viewer/item-fields';
import { lookupLabel, toLookupMap } from '#client/features/lookups/lookup-map';
import type { FirstResults } from '#client/features/search/first-results';
import { EMPTY_SCREEN_RESULT, runScreenSearch } from '#client/features/search/run-screen-search';
import { activeFilters, validFilterKeys } from '#client/features/search/search-filters';
import { searchLabels } from '#client/features/search/search-labels';
import { createSearchLoadStore, type SourceLoad } from '#client/features/search/search-load-store';
import { sortHits, sortIdOf } from '#client/features/search/search-sort';
import { parseSearchUrl } from '#client/features/search/search-url-state';
import { pageTitle } from '#client/lib/page-title';
import { paths } from '#client/paths';
import { DELTA_KEY_SUFFIX } from '#client/workers/artifact-cache-keys';
import { createSearchWorkerApi } from '#client/workers/search-worker-api';
import type { DataSourceConfig } from '#shared/app-config';
import type { PublicData } from '#shared/render-bundle';
import type { IndexDocument } from '#shared/search/search-types';
import type { PageHead, ServerLabels, ServerRender } from './server-render-context';

function serverIndexes(data: PublicData) {
  const worker = createSearchWorkerApi({
    // Nothing is downloaded or kept elsewhere: the "cache" is the server's current artifact.
    cache: {
      get: async (key) => {
        const source = key.endsWith(DELTA_KEY_SUFFIX) ? key.slice(0, -DELTA_KEY_SUFFIX.length) : key;
        const artifact = await data.artifact(source);
        return (source === key ? artifact : artifact?.delta) ?? undefined;
      },
      put: async () => {},
      delete: async () => {},
    },
    fetch: () => Promise.reject(new Error('a server render downloads nothing')),
  });
  /** One restore per source and checksum, shared by the renders that wait for it. */
  const opening = new Map<string, Promise<SourceLoad>>();

  async function load(name: string, source: DataSourceConfig): Promise<SourceLoad | null> {
    const artifact = await data.artifact(name);
    if (!artifact) return null;
    const { crc32c, delta } = artifact;
    const key = `${name}:${crc32c}:${delta?.crc32c ?? ''}`;
    let opened = opening.get(key);
    if (!opened) {
      opened = worker
        .loadIndex(name, source.algorithm, crc32c, undefined, delta)
        .then(({ documentCount }) => ({
          state: 'loaded' as const,
          crc32c,
          deltaCrc32c: delta?.crc32c,
          documentCount,
        }));
      for (const older of opening.keys()) if (older.startsWith(`${name}:`)) opening.delete(older);
      opening.set(key, opened);
      opened.catch(() => opening.delete(key));
    }
    // A source that cannot be restored is left out: the page is drawn without it, the browser loads it.
    return opened.catch((error: unknown) => {
      data.logError(`the "${name}" index could not be restored for a server render`, error);
      return null;
    });
  }
  return { worker, load };
}

const indexesByData = new WeakMap<PublicData, ReturnType<typeof serverIndexes>>();

/**
 * The public sources' indexes, loaded: a load store that says so and the worker that searches
 * them, as the search screen's deps expect. A source without an artifact is left out.
 */
export async function publicIndexes(render: ServerRender) {
  const indexes = indexesByData.get(render.data) ?? serverIndexes(render.data);
  indexesByData.set(render.data, indexes);
  const store = createSearchLoadStore();
  const { dataSources } = render.config.gapSearch;
  await Promise.all(
    Object.entries(dataSources)
      .filter(([, source]) => !source.protected)
      .map(async ([name, source]) => {
        const load = await indexes.load(name, source);
        if (load) store.setSource(name, load);
      }),
  );
  return { store, worker: indexes.worker };
}

/** The labels of `ids` in the page's language, for a page to hydrate with. */
export async function serverLabelsOf(render: ServerRender, ids: Iterable<string>): Promise<ServerLabels> {
  const map = toLookupMap(await render.data.lookups());
  const language = render.i18n.resolvedLanguage ?? render.i18n.language;
  const labels: ServerLabels = {};
  for (const id of ids) {
    const label = lookupLabel(map, id, language);
    if (label) labels[id] = label;
  }
  return labels;
}

/** The lookup ids a document's coded values stand for (`<namespace>.<code>`). */
export function lookupIdsOf(source: DataSourceConfig, document: Record<string, unknown>): string[] {
  return Object.entries(source.lookups).flatMap(([property, namespace]) => {
    const value = document[property];
    const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    return values.map((v) => `${namespace}.${String(v)}`);
  });
}

/** What a search engine's snippet shows at most. */
const DESCRIPTION_LENGTH = 160;

function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2)).trimEnd()}…`;
}

export interface ItemPageData {
  /** The item as the browser's worker reads it from the same artifact. */
  document: IndexDocument;
  labels: ServerLabels;
  head: PageHead;
}

/**
 * A public source's item with the labels of its coded values, its title and a description of its
 * fields in the page's language; 'missing' when the source's index has no such key; null for a
 * protected or unknown source, or one without an index yet.
 */
export async function serverItemPage(
  render: ServerRender,
  sourceName: string,
  key: string,
): Promise<ItemPageData | 'missing' | null> {
  const { dataSources } = render.config.gapSearch;
  const source = Object.hasOwn(dataSources, sourceName) ? dataSources[sourceName]! : undefined;
  if (!source || source.protected) return null;
  const { store, worker } = await publicIndexes(render);
  if (store.getSnapshot().sources[sourceName]?.state !== 'loaded') return null;
  const document = worker.getDocument(sourceName, key);
  if (!document) return 'missing';
  const labels = await serverLabelsOf(render, lookupIdsOf(source, document));
  const words = searchLabels(render.i18n, (id) => labels[id]);
  const title = words.title(source, document, key);
  const fields = itemFields(source, document, title).map(
    ({ property, value }) => `${words.field(property)}: ${words.value(source, property, value)}`,
  );
  return {
    document,
    labels,
    head: {
      title: pageTitle(title, render.config.platformName),
      description: shortened(
        [`${title} (${words.dataType(source.dataType, 'item')})`, ...fields].join(' · '),
        DESCRIPTION_LENGTH,
      ),
      canonicalPath: paths.item(sourceName, key),
    },
  };
}

export interface SearchPageData {
  firstResults: FirstResults;
  labels: ServerLabels;
}

/**
 * The first results of the search page's URL over the public sources, with only the hits of the
 * page it shows and the labels of their coded values and of the filter values counted. When the
 * URL searches nothing, no results: the idle screen draws the sources to browse and their sizes.
 */
export async function serverSearchPage(
  render: ServerRender,
  url: URL,
  chipsParam: string | undefined,
): Promise<SearchPageData> {
  const { dataSources } = render.config.gapSearch;
  const parsed = parseSearchUrl(url.searchParams, chipsParam);
  const known = new Set(Object.values(dataSources).map((source) => source.dataType));
  const chips = parsed.chips.filter((chip) => known.has(chip));
  const term = parsed.text.trim();
  const deps = await publicIndexes(render);
  const loaded = Object.entries(deps.store.getSnapshot().sources);
  const sources = Object.fromEntries(loaded.map(([name, load]) => [name, load.documentCount ?? 0]));
  const visible = Object.fromEntries(loaded.map(([name]) => [name, dataSources[name]!]));
  const query = {
    term,
    chips,
    filters: activeFilters(parsed.filters ?? {}, validFilterKeys(visible, chips)),
  };
  if (!term && chips.length === 0) {
    return { firstResults: { query, sources, result: EMPTY_SCREEN_RESULT }, labels: {} };
  }
  const result = await runScreenSearch(dataSources, visible, query, {
    ...deps,
    logError: (message, error) => render.data.logError(message, error),
  });
  const sorted = sortHits(
    result.hits,
    sortIdOf(dataSources, parsed.sort),
    visible,
    searchLabels(render.i18n),
  );
  const start = (parsed.page - 1) * parsed.itemsPerPage;
  const hits = sorted.slice(start, start + parsed.itemsPerPage);

  const sourceOfType = new Map(Object.values(visible).map((source) => [source.dataType, source]));
  const ids = hits.flatMap((hit) => lookupIdsOf(sourceOfType.get(hit.dataType)!, hit.document));
  for (const [key, values] of Object.entries(result.counts)) {
    const source = Object.values(visible).find((s) => key in s.filters);
    const namespace = source?.lookups[source.filters[key]!];
    if (namespace) ids.push(...Object.keys(values).map((value) => `${namespace}.${value}`));
  }
  return {
    firstResults: { query, sources, result: { ...result, hits } },
    labels: await serverLabelsOf(render, ids),
  };
}
