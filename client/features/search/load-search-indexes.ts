// Loads the indexes the caller may search as TanStack Query queries: the server's checksums, and
// one load per caller (signed in or not) that has the worker load each index (from its cache or the
// network) and keeps the load states. Whether the user is signed in is an input: the app layer
// knows auth, this feature does not.
import { hashKey, type QueryClient, queryOptions } from '@tanstack/react-query';
import { proxy } from 'comlink';
import type { SearchWorkerApi } from '#client/workers/search-worker-api';
import type { DataSourceConfig } from '#shared/app-config';
import type { IndexChecksumsRequest, IndexChecksumsResponse } from '#shared/search/index-api';
import type { SearchLoadStore } from './search-load-store';

/** How often to ask again for a source whose first index build is still running on the server. */
const BUILD_POLL_MS = 2000;

/** Query keys of the search feature: checksums, index loads and screen results. */
export const searchQueryKeys = {
  checksums: ['search', 'checksums'],
  indexes: ['search', 'indexes'],
  results: ['search', 'results'],
} as const;

export interface SearchIndexDeps {
  store: SearchLoadStore;
  worker: Pick<
    SearchWorkerApi,
    'restoreCached' | 'loadIndex' | 'dropIndex' | 'searchIndex' | 'suggestTitles' | 'didYouMean'
  > & {
    /** Through Comlink in the browser, a promise; in process (component tests), the document. */
    getDocument: (
      ...args: Parameters<SearchWorkerApi['getDocument']>
    ) => ReturnType<SearchWorkerApi['getDocument']> | Promise<ReturnType<SearchWorkerApi['getDocument']>>;
  };
  fetchChecksums: (request: IndexChecksumsRequest) => Promise<IndexChecksumsResponse>;
  logError: (message: string, error: unknown, source?: string) => void;
  wait: (ms: number) => Promise<void>;
}

const visibleSources = (dataSources: Record<string, DataSourceConfig>, signedIn: boolean) =>
  Object.keys(dataSources).filter((name) => signedIn || !dataSources[name]!.protected);

/**
 * POST /api/index as a query: the same request asked twice at once is asked once. Never retried
 * and run offline too (networkMode 'always'): a failure is the answer the load acts on.
 */
const checksumsQuery = (request: IndexChecksumsRequest, deps: Pick<SearchIndexDeps, 'fetchChecksums'>) =>
  queryOptions({
    queryKey: [...searchQueryKeys.checksums, request],
    queryFn: () => deps.fetchChecksums(request),
    staleTime: 0,
    retry: false,
    networkMode: 'always',
  });

/**
 * Asks for the checksums again without loading anything: a service worker that took control of
 * the page after the first ask did not see that answer, and keeps this one for offline starts.
 */
export async function askChecksumsAgain(
  client: QueryClient,
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean,
  deps: Pick<SearchIndexDeps, 'fetchChecksums'>,
): Promise<void> {
  const request = { dataSources: visibleSources(dataSources, signedIn) };
  await client.fetchQuery(checksumsQuery(request, deps)).catch(() => undefined);
}

/**
 * The load that brings the indexes in line with what the caller may see: every visible source
 * loaded at its current checksum, indexes no longer visible (after sign-out) dropped from memory
 * and cache. Components take the last load (staleTime Infinity) or join the running one; a load
 * for the other signed-in state marks this one stale and supersedes it.
 */
export const searchIndexesQuery = (
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean,
  deps: SearchIndexDeps,
) =>
  queryOptions({
    queryKey: [...searchQueryKeys.indexes, signedIn, visibleSources(dataSources, signedIn)],
    queryFn: async ({ client, queryKey }) => {
      const mine = hashKey(queryKey);
      await client.invalidateQueries({
        queryKey: searchQueryKeys.indexes,
        predicate: (query) => query.queryHash !== mine,
        refetchType: 'none',
      });
      await load(client, dataSources, signedIn, deps);
      return deps.store.getSnapshot().sources;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * Starts what a search screen about to render needs, before it renders: the worker restores the
 * cached indexes at once, and a new load begins as soon as sign-in is known (the screen joins it).
 */
export function prepareSearchIndexes(
  client: QueryClient,
  dataSources: Record<string, DataSourceConfig>,
  signedIn: Promise<boolean>,
  deps: SearchIndexDeps,
): void {
  // All of the page's sources (a protected one the caller may no longer see is dropped by the load);
  // one the cache holds that the page no longer has is let go.
  void deps.worker.restoreCached(Object.keys(dataSources));
  void signedIn.then((known) =>
    client.prefetchQuery({ ...searchIndexesQuery(dataSources, known, deps), staleTime: 0 }),
  );
}

/** Loads again (a retry, a rebuilt index on the server), or joins the load running. */
export async function reloadSearchIndexes(
  client: QueryClient,
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean,
  deps: SearchIndexDeps,
): Promise<void> {
  await client.fetchQuery({ ...searchIndexesQuery(dataSources, signedIn, deps), staleTime: 0 });
}

async function load(
  client: QueryClient,
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean,
  deps: SearchIndexDeps,
): Promise<void> {
  const { store, worker } = deps;
  const current = store.beginLoad();
  const visible = visibleSources(dataSources, signedIn);
  // Also after a reload: a protected artifact cached before signing out must not stay on the device.
  const hidden = new Set([...Object.keys(dataSources), ...Object.keys(store.getSnapshot().sources)]);
  for (const name of hidden) {
    if (visible.includes(name)) continue;
    if (store.getSnapshot().sources[name]) {
      store.setSource(name);
      // Results the dropped index contributed to go with it; the one a screen shows is replaced
      // by its next search, which removes it (a running query removed would be cancelled).
      client.removeQueries({ queryKey: searchQueryKeys.results, type: 'inactive' });
    }
    await worker
      .dropIndex(name)
      .catch((error) => deps.logError('Could not drop a search index', error, name));
  }
  for (const name of visible) {
    const known = store.getSnapshot().sources[name];
    if (known?.state !== 'loaded') store.setSource(name, { ...known, state: 'loading' });
  }

  let pending = visible;
  while (pending.length > 0 && current()) {
    const states = Object.fromEntries(
      pending.map((name) => [name, store.getSnapshot().sources[name]!.state]),
    );
    let answer: IndexChecksumsResponse;
    try {
      answer = await client.fetchQuery(
        checksumsQuery({ dataSourceLoadStates: states, dataSources: pending }, deps),
      );
    } catch (error) {
      deps.logError('Could not ask which search indexes are current', error);
      // Superseded meanwhile (the sign-out refetch of every query, say): the states are not ours.
      if (!current()) return;
      // Offline, say: indexes already in the worker stay searchable (and items viewable).
      for (const name of pending) {
        if (store.getSnapshot().sources[name]?.state !== 'loaded') store.setSource(name, { state: 'error' });
      }
      return;
    }
    if (!current()) return;
    const building: string[] = [];
    await Promise.all(
      pending.map(async (name) => {
        const entry = answer[name];
        const known = store.getSnapshot().sources[name];
        if (entry?.state === 'preparing') {
          if (!known?.preparing) store.setSource(name, { state: 'loading', preparing: true });
          building.push(name);
          return;
        }
        if (!entry) {
          deps.logError(
            'The server offers no index for this source',
            new Error(`no checksum for ${name}`),
            name,
          );
          store.setSource(name, { state: 'error' });
          return;
        }
        if (
          known?.state === 'loaded' &&
          known.crc32c === entry.crc32c &&
          known.deltaCrc32c === entry.delta?.crc32c
        )
          return;
        const { size, documentCount } = entry;
        // Only the delta changed (ADR 020): the source stays searchable as it was until the
        // worker switches, and stays so should the small download fail.
        const onlyDelta = known?.state === 'loaded' && known.crc32c === entry.crc32c;
        if (!onlyDelta) {
          store.setSource(name, { state: 'loading', size, documentCount });
          store.setDownloaded(name, 0);
        }
        // Progress arrives over its own message port, so the last report may come after the
        // result: once settled, reports are ignored (else a finished download would read running).
        let settled = onlyDelta;
        const onProgress = proxy((loaded: number) => {
          if (current() && !settled) store.setDownloaded(name, loaded);
        });
        const onFirstResults = proxy((firstSearchable: number) => {
          const now = store.getSnapshot().sources[name];
          if (current() && !settled && now) store.setSource(name, { ...now, firstSearchable });
        });
        try {
          const result = await worker.loadIndex(
            name,
            dataSources[name]!.algorithm,
            entry.crc32c,
            onProgress,
            entry.delta,
            entry.head,
            onFirstResults,
          );
          settled = true;
          // Superseded by a load that dropped this source (a sign-out): it must not stay behind.
          if (!current() && !store.getSnapshot().sources[name]) await worker.dropIndex(name);
          if (current())
            store.setSource(name, {
              state: 'loaded',
              size,
              documentCount,
              from: result.from,
              crc32c: entry.crc32c,
              deltaCrc32c: entry.delta?.crc32c,
            });
        } catch (error) {
          settled = true;
          deps.logError('A search index could not be loaded', error, name);
          if (current() && !onlyDelta) store.setSource(name, { state: 'error', size, documentCount });
        }
      }),
    );
    pending = building;
    if (pending.length > 0) await deps.wait(BUILD_POLL_MS);
  }
}
