// One item by source and key, for the item viewer: read from the worker's copy of the source's
// index (restored from the device's cache when there is one), never from the server.
import { useEffect, useState } from 'react';
import type { DataSourceConfig } from '#shared/app-config';
import type { IndexDocument } from '#shared/search/search-types';
import { useSearchDeps } from './search-deps-context';
import { useSearchIndexes } from './use-search-indexes';

export type IndexedItem =
  | { state: 'loading' | 'unknown-source' | 'not-found' | 'error' }
  | { state: 'found'; document: IndexDocument };

export function useIndexedItem(
  dataSources: Record<string, DataSourceConfig>,
  signedIn: boolean | undefined,
  sourceName: string,
  key: string,
): IndexedItem {
  // The worker is read in the effect: a server render draws the item as loading and starts none.
  const deps = useSearchDeps();
  const load = useSearchIndexes(dataSources, signedIn);
  const known = sourceName in dataSources;
  const sourceState = load.sources[sourceName]?.state;
  const item = `${sourceName}\n${key}`;
  const [read, setRead] = useState<{ item: string; after?: string; document?: IndexDocument }>();

  // Asked again whenever the source's load state moves on (e.g. loading → loaded).
  useEffect(() => {
    if (!known) return;
    let current = true;
    void Promise.resolve(deps.worker.getDocument(sourceName, key)).then(
      (document) => current && setRead({ item, after: sourceState, document }),
    );
    return () => {
      current = false;
    };
  }, [deps, known, sourceName, key, item, sourceState]);

  if (!known) return { state: 'unknown-source' };
  if (read?.item === item && read.document) return { state: 'found', document: read.document };
  if (read?.item !== item || read.after !== sourceState) return { state: 'loading' };
  if (sourceState === 'loaded') return { state: 'not-found' };
  return { state: sourceState === 'error' ? 'error' : 'loading' };
}
