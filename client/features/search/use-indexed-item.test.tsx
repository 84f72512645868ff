// @vitest-environment happy-dom
// One item read from the device's copy of its source's index: loading until the index answers,
// found or not found after, and the same answer kept as one object while the source's load state
// moves on (the item viewer is memoized on it: a phone draws the item once, not at every step).
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, expect, it, vi } from 'vitest';
import { fakeServer } from '#tests/support/fake-server';
import { inProcessSearchDeps } from '#tests/support/in-process-search-deps';
import { renderApp } from '#tests/support/render-app';
import { searchIndexHandlers, searchSources } from '#tests/support/search-fixture';
import { SearchDepsContext } from './search-deps-context';
import { type IndexedItem, useIndexedItem } from './use-indexed-item';
import { useSearchIndexes } from './use-search-indexes';

beforeAll(async () => {
  vi.stubGlobal('fetch', fakeServer(await searchIndexHandlers()).fetch);
});

/**
 * Draws the answer for `itemKey` in the countries, with the countries' load state as the hook sees
 * it (data-source), and records each answer it drew.
 */
function Probe({ itemKey, answers }: { itemKey: string; answers: IndexedItem[] }) {
  const item = useIndexedItem(searchSources, false, 'countries', itemKey);
  const source = useSearchIndexes(searchSources, false, (load) => load.sources.countries?.state);
  answers.push(item);
  return <p data-source={source}>{item.state}</p>;
}

/**
 * Opens a probe of `key`; `answers` holds each answer it drew, in order, and `reads` each read of
 * a document from the worker.
 */
async function probe(key: string) {
  const deps = inProcessSearchDeps();
  const reads: Promise<unknown>[] = [];
  const getDocument = deps.worker.getDocument.bind(deps.worker);
  deps.worker.getDocument = (...args) => {
    const read = Promise.resolve(getDocument(...args));
    reads.push(read);
    return read;
  };
  const answers: IndexedItem[] = [];
  const element = (
    <SearchDepsContext value={deps}>
      <Probe itemKey={key} answers={answers} />
    </SearchDepsContext>
  );
  await renderApp({ url: '/item', routes: [{ path: '/item', element }] });
  return { deps, answers, reads };
}

it('answers loading, then the document once the index has it, one object while it stays the same', async () => {
  const { deps, answers } = await probe('ES');
  expect(answers[0]).toEqual({ state: 'loading' });
  await screen.findByText('found');
  const found = answers.at(-1)!;
  expect(found).toMatchObject({ state: 'found', document: { id: 'ES' } });

  // The load state moves on twice more: the item is read again each time, and is the same.
  const rendersBefore = answers.length;
  await act(async () => deps.store.setSource('countries', { state: 'loading', size: 1000 }));
  await act(async () => deps.store.setDownloaded('countries', 500));
  await act(async () => deps.store.setSource('countries', { state: 'loaded' }));
  expect(answers.length).toBeGreaterThan(rendersBefore);
  expect(new Set(answers.slice(answers.indexOf(found)))).toEqual(new Set([found]));
});

it('draws nothing again while only the details of its source load change', async () => {
  const { deps, answers, reads } = await probe('ES');
  // Settled: drawn with its source loaded, and the read that state asked for drawn too (the document
  // may be found before the source reads loaded, then read once more).
  await waitFor(() => expect(screen.getByText('found').dataset.source).toBe('loaded'));
  await act(() => Promise.all(reads));
  const renders = answers.length;
  const loaded = deps.store.getSnapshot().sources.countries!;
  await act(async () => deps.store.setSource('countries', { ...loaded, from: 'cache', size: 1234 }));
  await act(async () => deps.store.setSource('cities', { state: 'loading', size: 1000 }));
  await act(async () => deps.store.setDownloaded('cities', 10));
  expect(answers.length).toBe(renders);
});

it('answers not found for a key the loaded index lacks', async () => {
  const { answers } = await probe('XX');
  await screen.findByText('not-found');
  expect(answers.at(-1)).toEqual({ state: 'not-found' });
});
