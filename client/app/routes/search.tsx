// /search and /search/:chips (search-chips): the search screen, searching the protected sources
// too once the user is signed in, with lookups labelling coded values. Also installs the
// developer hook window.siftSearch. A settled screen is kept as the next start's snapshot. A page
// the server rendered shows the server's first results until the device's search answers.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { loadAppConfig, useAppConfig } from '#client/config/app-config';
import { authStore } from '#client/features/auth/auth-store';
import { sessionHolds, useSignedIn } from '#client/features/auth/use-auth';
import { useLookups } from '#client/features/lookups/use-lookups';
import { prepareSearchIndexes } from '#client/features/search/load-search-indexes';
import { SearchDepsContext } from '#client/features/search/search-deps-context';
import { installSearchDevHook } from '#client/features/search/search-dev-hook';
import { SearchScreen } from '#client/features/search/search-screen';
import { useServerDrawn } from '#client/lib/first-render';
import { appSearchDeps } from '../app-search';
import { appQueryClient } from '../query-client';
import type { SearchPageData } from '../server-render';
import { serverRenderOf, withServerLabels } from '../server-render-context';
import { dismissStartSnapshot, keepStartSnapshot } from '../start-snapshot';

/** The first results are what a server-rendered page shows, so the server runs this loader too. */
export const loaderOnServer = true;

/**
 * On the server: the first results of the URL's search over the public sources. In the browser, the
 * indexes start loading with the navigation, while the screen's code and the session load.
 */
export async function loader({
  request,
  params,
  context,
}: LoaderFunctionArgs): Promise<SearchPageData | null> {
  const render = serverRenderOf(context);
  if (import.meta.env.SSR && render) {
    const { serverSearchPage } = await import('../server-render');
    return serverSearchPage(render, new URL(request.url), params.chips);
  }
  const signedIn = authStore.ready().then(({ status }) => status === 'authenticated');
  void loadAppConfig().then(({ gapSearch }) =>
    prepareSearchIndexes(appQueryClient, gapSearch.dataSources, signedIn, appSearchDeps()),
  );
  return null;
}

/** A new search changes the URL, which is no reason to prepare the indexes again. */
export const shouldRevalidate = () => false;

export function Component() {
  const { dataSources } = useAppConfig().gapSearch;
  const drawn = useLoaderData<typeof loader>();
  const signedIn = useSignedIn();
  const { lookupLabel: deviceLabel } = useLookups(signedIn, sessionHolds);
  const lookupLabel = useMemo(() => withServerLabels(deviceLabel, drawn?.labels), [deviceLabel, drawn]);
  useEffect(() => installSearchDevHook(dataSources, appSearchDeps()), [dataSources]);
  const settled = useRef(false);
  useEffect(() => keepStartSnapshot(() => settled.current), []);
  // The live screen takes the snapshot's place once it shows the same thing.
  const onSettledChange = useCallback((now: boolean) => {
    settled.current = now;
    if (now) dismissStartSnapshot();
  }, []);
  // The screen mounts in a commit after the layout's: one commit of both, with the synchronous
  // re-renders MUI's refs start in it, was a main-thread task of 50–90 ms (ADR 011). The server
  // draws it at once, and hydration finds it there.
  const mounted = useDeferredValue(true, useServerDrawn());
  if (!mounted) return null;
  return (
    <SearchDepsContext value={appSearchDeps()}>
      <SearchScreen
        dataSources={dataSources}
        signedIn={signedIn}
        lookupLabel={lookupLabel}
        onSettledChange={onSettledChange}
        firstResults={drawn?.firstResults}
      />
    </SearchDepsContext>
  );
}
