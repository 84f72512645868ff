// Loads the indexes the caller may search: asks the server for the current checksums, has the
// worker load each (from its cache or the network), and keeps the load states. Whether the user
// is signed in is an input: the app layer knows auth, this feature does not.
import { proxy } from 'comlink';
import type { SearchWorkerApi } from '#client/workers/search-worker-api';
import type { DataSourceConfig } from '#shared/app-config';
import type { IndexChecksumsRequest, IndexChecksumsResponse } from '#shared/search/index-api';
import type { SearchLoadStore } from './search-load-store';

/** How often to ask again for a source whose first index build is still running on the server. */
const BUILD_POLL_MS = 2000;

export interface SearchIndexDeps {
  store: SearchLoadStore;
  worker: Pick<SearchWorkerApi, 'restoreCached' | 'loadIndex' | 'dropIndex' | 'searchIndex'>;
  fetchChecksums: (request: IndexChecksumsRequest) => Promise<IndexChecksumsResponse>;
  logError: (message: string, error: unknown, source?: string) => void;
  wait: (ms: number) => Promise<void>;
}

interface LoadRequest {
  dataSources: object;
  signedIn: boolean;
  deps: SearchIndexDeps;
  done: Promise<void>;
}

let generation = 0;
/** The load running now and what it was asked for. */
let running: LoadRequest | undefined;
/** The load a route prepared for the screen it is about to render, until that screen asks. */
let prepared: LoadRequest | undefined;

const sameRequest = (
  load: LoadRequest | undefined,
  dataSources: object,
  signedIn: boolean,
  deps: SearchIndexDeps,
) => load?.dataSources === dataSources && load.signedIn === signedIn && load.deps === deps;

const visibleSources = (dataSources: Record<string, DataSourceConfig>, signedIn: boolean) =>
  Object.keys(dataSources).filter((name) => signedIn || !dataSources[name]!.protected);

/**
 * Asks for the checksums again without loading anything: a service worker that took control of
 * the page after the first ask did not see that answer, and keeps this one for offline starts.
 */
export async function askChecksumsAgain(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean,
  deps: Pick<SearchIndexDeps, 'fetchChecksums'>,
): Promise<void> {
  await deps.fetchChecksums({ dataSources: visibleSources(dataSources, signedIn) }).catch(() => undefined);
}

/**
 * Starts what a search screen about to render needs, before it renders: the worker restores the
 * cached indexes at once, and the load begins as soon as sign-in is known (the screen's own
 * loadSearchIndexes then joins it).
 */
export function prepareSearchIndexes(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: Promise<boolean>,
  deps: SearchIndexDeps,
): void {
  // All sources: a protected one the caller may no longer see is dropped by the load.
  void deps.worker.restoreCached(
    Object.fromEntries(Object.entries(dataSources).map(([name, source]) => [name, source.algorithm])),
  );
  void signedIn.then((known) => {
    prepared = { dataSources, signedIn: known, deps, done: loadSearchIndexes(dataSources, known, deps) };
  });
}

/**
 * Brings the loaded indexes in line with what the caller may see: every visible source loaded at
 * its current checksum, indexes no longer visible (after sign-out) dropped from memory and cache.
 * The same request while one runs joins it, and so does the first one after a prepared load, even
 * finished (the screen that route prepared for); a different one supersedes it.
 */
export function loadSearchIndexes(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean,
  deps: SearchIndexDeps,
): Promise<void> {
  const ready = prepared;
  prepared = undefined;
  if (sameRequest(running, dataSources, signedIn, deps)) return running!.done;
  if (sameRequest(ready, dataSources, signedIn, deps)) return ready!.done;
  const done = load(dataSources, signedIn, deps).finally(() => {
    if (running?.done === done) running = undefined;
  });
  running = { dataSources, signedIn, deps, done };
  return done;
}

async function load(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean,
  deps: SearchIndexDeps,
): Promise<void> {
  const { store, worker } = deps;
  const mine = ++generation;
  const current = () => mine === generation;
  const visible = visibleSources(dataSources, signedIn);
  // Also after a reload: a protected artifact cached before signing out must not stay on the device.
  const hidden = new Set([...Object.keys(dataSources), ...Object.keys(store.getSnapshot().sources)]);
  for (const name of hidden) {
    if (visible.includes(name)) continue;
    if (store.getSnapshot().sources[name]) store.setSource(name);
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
      answer = await deps.fetchChecksums({ dataSourceLoadStates: states, dataSources: pending });
    } catch (error) {
      deps.logError('Could not ask which search indexes are current', error);
      // Offline, say: indexes already in the worker stay searchable (and items viewable).
      for (const name of pending) {
        if (store.getSnapshot().sources[name]?.state !== 'loaded') store.setSource(name, { state: 'error' });
      }
      return;
    }
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
        if (known?.state === 'loaded' && known.crc32c === entry.crc32c) return;
        const { size, documentCount } = entry;
        store.setSource(name, { state: 'loading', size, documentCount, loaded: 0 });
        // Progress arrives over its own message port, so the last report may come after the
        // result: once settled, reports are ignored (else a loaded source would read "loading").
        let settled = false;
        const onProgress = proxy((loaded: number) => {
          if (current() && !settled) store.setSource(name, { state: 'loading', size, documentCount, loaded });
        });
        try {
          const result = await worker.loadIndex(name, dataSources[name]!.algorithm, entry.crc32c, onProgress);
          settled = true;
          if (current())
            store.setSource(name, {
              state: 'loaded',
              size,
              documentCount,
              from: result.from,
              crc32c: entry.crc32c,
            });
        } catch (error) {
          settled = true;
          deps.logError('A search index could not be loaded', error, name);
          if (current()) store.setSource(name, { state: 'error', size, documentCount });
        }
      }),
    );
    pending = building;
    if (pending.length > 0) await deps.wait(BUILD_POLL_MS);
  }
}
