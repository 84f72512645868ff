// /item/:datasource/:key: the item viewer, reading the item from the search index on the device,
// with lookups labelling coded values. Public sources' items are for everyone; for a protected
// source's the route guard has already sent visitors to sign in. The server renders a public item
// (docs/rendering.md): its loader reads the item there, and the browser draws that until its own
// index has it.
import { useCallback, useMemo } from 'react';
import { data, type LoaderFunctionArgs, useLoaderData, useLocation, useParams } from 'react-router';
import { useAppConfig } from '#client/config/app-config';
import { sessionHolds, useSignedIn } from '#client/features/auth/use-auth';
import { type ItemState, ItemViewer } from '#client/features/item-viewer/item-viewer';
import { useLookups } from '#client/features/lookups/use-lookups';
import { SearchDepsContext } from '#client/features/search/search-deps-context';
import { useSearchLabels } from '#client/features/search/search-labels';
import { filteredSearchUrl, searchUrlOfItemState } from '#client/features/search/search-url-state';
import { useIndexedItem } from '#client/features/search/use-indexed-item';
import { usePageTitle } from '#client/lib/page-title';
import { paths } from '#client/paths';
import { appSearchDeps } from '../app-search';
import type { ItemPageData } from '../server-render';
import { serverRenderOf, withServerLabels } from '../server-render-context';

/** The item is what the page shows, so the server runs this loader (it answers null in the browser). */
export const loaderOnServer = true;

/** The item the server drew, or the key it found no item for (the page is then a 404). */
type DrawnItem = ItemPageData | { missing: string } | null;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const render = serverRenderOf(context);
  if (!import.meta.env.SSR || !render) return null;
  const { serverItemPage } = await import('../server-render');
  const key = params.key ?? '';
  const page = await serverItemPage(render, params.datasource ?? '', key);
  return page === 'missing' ? data({ missing: key } satisfies DrawnItem, { status: 404 }) : page;
}

/**
 * Only the server's run has data; a run in the browser (a session refresh revalidates) would drop
 * what the page was drawn with before the device's index has the item. Each item's data names its
 * key, so another item's page never shows it.
 */
export const shouldRevalidate = () => false;

/** What the page shows until the device's index answers: what the server drew for this key. */
function drawnState(drawn: DrawnItem, key: string): ItemState | undefined {
  if (drawn && 'document' in drawn && drawn.document.id === key)
    return { state: 'found', document: drawn.document };
  if (drawn && 'missing' in drawn && drawn.missing === key) return { state: 'not-found' };
  return undefined;
}

export function Component() {
  return (
    <SearchDepsContext value={appSearchDeps()}>
      <IndexedItemViewer />
    </SearchDepsContext>
  );
}

function IndexedItemViewer() {
  const { datasource = '', key = '' } = useParams();
  const { gapSearch, platformName } = useAppConfig();
  const { dataSources } = gapSearch;
  const location = useLocation();
  const signedIn = useSignedIn();
  const drawn = useLoaderData() as DrawnItem;
  const indexed = useIndexedItem(dataSources, signedIn, datasource, key);
  const drawnItem = useMemo(() => drawnState(drawn, key), [drawn, key]);
  const item = (indexed.state === 'loading' && drawnItem) || indexed;
  const drawnLabels = drawn && 'labels' in drawn ? drawn.labels : undefined;
  const { lookupLabel } = useLookups(signedIn, sessionHolds);
  const labels = useSearchLabels(
    useMemo(() => withServerLabels(lookupLabel, drawnLabels), [lookupLabel, drawnLabels]),
  );
  const source = dataSources[datasource];
  const searchUrl = useCallback(
    (filter?: { key: string; value: string }) =>
      !source
        ? paths.search()
        : filter
          ? filteredSearchUrl(source.dataType, filter.key, filter.value)
          : paths.searchChips([source.dataType]),
    [source],
  );
  usePageTitle(
    item.state === 'found' && source ? labels.title(source, item.document, key) : undefined,
    platformName,
  );
  return (
    <ItemViewer
      item={item}
      sourceName={datasource}
      itemKey={key}
      source={source}
      labels={labels}
      backTo={searchUrlOfItemState(location.state)}
      searchUrl={searchUrl}
    />
  );
}
