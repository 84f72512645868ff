// The worker side of bench/warm-open-chromium.ts, bundled for Chromium: stores a cities artifact's
// decompressed bytes and the engine's derived arrays as Blobs in IndexedDB (as the search worker
// keeps them), then times one warm start of the engine: reading the Blobs and checking their
// checksums as the worker does, opening the bytes (with the derived arrays or deriving them), the
// first search.
import { readKept } from '../client/workers/kept-checksum';
import type { DataSourceConfig } from '../shared/app-config';
import { parseArtifact, restoreArtifact } from '../shared/search/index-artifact';
import { runSearch } from '../shared/search/run-search';
import { buildSearchRequest } from '../shared/search/search-request';
import { siftEngine } from '../shared/search/sift-engine';

type Message =
  | { store: { parts: number; derivedParts: number } }
  | { open: { withDerived: boolean; source: DataSourceConfig; term: string } };

const database = () =>
  new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('warm-open', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('blobs');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
const fetched = async (path: string, parts: number) =>
  new Blob(
    await Promise.all(
      Array.from({ length: parts }, async (_, i) => (await fetch(`${path}/${i}`)).arrayBuffer()),
    ),
  );

addEventListener('message', ({ data }: MessageEvent<Message>) => {
  answer(data).catch((error: unknown) => postMessage({ error: String(error) }));
});

async function answer(data: Message): Promise<void> {
  const db = await database();
  const blobs = () => db.transaction('blobs', 'readwrite').objectStore('blobs');
  if ('store' in data) {
    const raw = await fetched('/raw', data.store.parts);
    const derived = await fetched('/derived', data.store.derivedParts);
    await done(blobs().put(raw, 'raw'));
    await done(blobs().put(derived, 'derived'));
    postMessage('stored');
    return;
  }
  const { withDerived, source, term } = data.open;
  const started = performance.now();
  const [rawBlob, derivedBlob] = await Promise.all([
    done(blobs().get('raw')) as Promise<Blob>,
    withDerived ? (done(blobs().get('derived')) as Promise<Blob>) : undefined,
  ]);
  const [raw, derived] = await Promise.all([readKept(rawBlob), derivedBlob && readKept(derivedBlob)]);
  const read = performance.now();
  const { index } = await restoreArtifact(parseArtifact(raw.bytes), siftEngine, derived?.bytes);
  const opened = performance.now();
  const { hits } = await runSearch(siftEngine, index, source.dataType, buildSearchRequest(source, term));
  const searched = performance.now();
  const ms = (to: number, from: number) => Math.round(to - from);
  postMessage({
    readMs: ms(read, started),
    openMs: ms(opened, read),
    firstSearchMs: ms(searched, opened),
    toFirstResultMs: ms(performance.now(), started),
    hits: hits.length,
  });
}
