// One item by source and key, for the item viewer: read from the worker's copy of the source's
// index (restored from the device's cache when there is one), never from the server.
import { useEffect, useMemo, useState } from 'react';
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
  // Its state alone: the source's download progress need not draw the item again.
  const sourceState = useSearchIndexes(dataSources, signedIn, (load) => load.sources[sourceName]?.state);
  const known = sourceName in dataSources;
  const item = `${sourceName}\n${key}`;
  const [read, setRead] = useState<{ item: string; after?: string; document?: IndexDocument }>();

  // Asked again whenever the source's load state moves on (e.g. loading → loaded).
  useEffect(() => {
    if (!known) return;
    let current = true;
    void Promise.resolve(deps.worker.getDocument(sourceName, key)).then((document) => {
      if (!current) return;
      // The same document read again keeps its object, so what draws it need not draw it again.
      setRead((last) => ({
        item,
        after: sourceState,
        document: last?.item === item && sameDocument(last.document, document) ? last.document : document,
      }));
    });
    return () => {
      current = false;
    };
  }, [deps, known, sourceName, key, item, sourceState]);

  const current = read?.item === item ? read : undefined;
  const document = known ? current?.document : undefined;
  const missing = document ? undefined : missingState(known, current?.after, sourceState);
  // One object while the answer stays the same: the source's load state moves on several times.
  return useMemo<IndexedItem>(
    () => (document ? { state: 'found', document } : { state: missing ?? 'loading' }),
    [document, missing],
  );
}

/** Why there is no document: `readAfter` is the load state the last read of this item followed. */
function missingState(
  known: boolean,
  readAfter: string | undefined,
  sourceState: string | undefined,
): Exclude<IndexedItem['state'], 'found'> {
  if (!known) return 'unknown-source';
  if (readAfter !== sourceState) return 'loading';
  if (sourceState === 'loaded') return 'not-found';
  return sourceState === 'error' ? 'error' : 'loading';
}

const sameDocument = (a: IndexDocument | undefined, b: IndexDocument | undefined) =>
  a === b || (!!a && !!b && JSON.stringify(a) === JSON.stringify(b));
