// @vitest-environment happy-dom
// The search screen as users see it, with the app bar's search box: typing commits after the
// 500 ms debounce (spec §9), results come from the real indexes (built from records and searched by the real
// worker operations), filters narrow them, pages page them, the URL follows every choice, and
// results stay cached for the current text.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setConsent } from '#client/consent/consent-store';
import { paths } from '#client/paths';
import { createSearchWorkerApi } from '#client/workers/search-worker-api';
import { fakeServer } from '#tests/support/fake-server';
import { inProcessSearchDeps } from '#tests/support/in-process-search-deps';
import { renderApp } from '#tests/support/render-app';
import { cityRecords, searchIndexHandlers, searchSources } from '#tests/support/search-fixture';
import type { FirstResults } from './first-results';
import { HeaderSearchBox } from './header-search-box';
import type { SearchIndexDeps } from './load-search-indexes';
import { SearchDepsContext } from './search-deps-context';
import { SearchScreen } from './search-screen';
import { SELECTED_FILTERS_KEY } from './selected-filters-storage';

// Searches of the real indexes in process take a while on a busy machine: wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

/** The screen calls useSearchResults once per render: counting the calls counts its renders. */
const screenRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./use-search-results', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./use-search-results')>();
  return {
    ...actual,
    useSearchResults: (...args: Parameters<typeof actual.useSearchResults>) => {
      screenRenders.count += 1;
      return actual.useSearchResults(...args);
    },
  };
});

beforeAll(async () => {
  // The server, faked at fetch: the checksums and the index files of the two sources.
  vi.stubGlobal('fetch', fakeServer(await searchIndexHandlers()).fetch);
});
afterEach(() => vi.useRealTimers());

/**
 * happy-dom has no Web Worker: the worker's own operations run in process instead, one worker and
 * load store for the file (as one page has), so only the first test waits for the indexes.
 */
const pageDeps = inProcessSearchDeps();

function open(url: string, deps: SearchIndexDeps = pageDeps) {
  const page = (
    <SearchDepsContext value={deps}>
      <HeaderSearchBox />
      <SearchScreen dataSources={searchSources} signedIn={false} />
    </SearchDepsContext>
  );
  return renderApp({
    url,
    routes: [
      { path: '/search', element: page },
      { path: '/search/:chips', element: page },
      { path: '/elsewhere', element: null },
    ],
  });
}

/** In-process deps that count the worker's searches and can hold them until released. */
function countedDeps() {
  const counted = { searches: 0, hold: undefined as Promise<void> | undefined };
  const deps: SearchIndexDeps = {
    ...pageDeps,
    worker: {
      ...pageDeps.worker,
      searchIndex: async (...args) => {
        counted.searches += 1;
        await counted.hold;
        return pageDeps.worker.searchIndex(...args);
      },
    },
  };
  return { deps, counted };
}

const query = (app: Awaited<ReturnType<typeof open>>) => new URL(app.location(), 'http://x').searchParams;
const results = () => within(screen.getByRole('listbox', { name: 'Search results' })).getAllByRole('option');
const titles = () => results().map((option) => option.querySelector('.result-title')?.textContent);
const resultCount = () => screen.findByText(/^\d+ results?$/);

describe('the search screen', () => {
  it('searches what was typed once typing pauses', async () => {
    const pause = 500;
    const app = await open(paths.search());
    expect(await screen.findByText('What are you looking for?')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    // Fake only the timeouts (the debounce is one), and type with plain input events: user-event
    // waits on a real timeout after each action, which fake timers would never let pass.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = screen.getByRole('combobox', { name: 'Search' });
    for (const text of ['s', 'sa', 'san']) {
      fireEvent.change(box, { target: { value: text } });
      await act(() => vi.advanceTimersByTime(pause / 2));
    }
    expect(query(app).get('s')).toBeNull();
    await act(() => vi.advanceTimersByTime(pause / 2 - 1));
    expect(query(app).get('s')).toBeNull();
    await act(() => vi.advanceTimersByTime(1));
    expect(query(app).get('s')).toBe('san');
    // TanStack Query tells components of a finished query in a zero timeout: run those queued.
    await act(() => vi.runOnlyPendingTimersAsync());
    vi.useRealTimers();

    expect((await resultCount()).textContent).toBe('25 results');
    expect(screen.getByRole('heading', { name: 'Results for “san”' })).toBeTruthy();
    // The most populous city first; the default page holds 20.
    expect(titles()).toHaveLength(20);
    expect(titles()[0]).toBe('San Antonio');
    const types = screen.getByRole('group', { name: 'Data types' });
    expect(within(types).getByRole('button', { name: 'Countries · 1' })).toBeTruthy();
    expect(within(types).getByRole('button', { name: 'Cities · 24' })).toBeTruthy();
  });

  it('narrows the results with a filter, counting what each value keeps', async () => {
    const app = await open(paths.search({ s: 'san' }));
    const country = await screen.findByRole('region', { name: 'Country' });
    const spain = within(country).getByRole('checkbox', { name: /^ES/ });
    expect(spain.closest('label')?.textContent).toBe('ES6');
    await app.user.click(spain);

    await waitFor(() => expect(titles()).toHaveLength(6));
    expect((await resultCount()).textContent).toBe('6 results');
    expect(JSON.parse(query(app).get('f')!)).toEqual({ country: ['ES'] });
    for (const option of results()) expect(option.textContent).toContain('ES');
    // Countries have no country filter, so they are not searched at all.
    expect(titles()).not.toContain('San Marino');
  });

  it('shows filters restored from the device as remembered, with how many more results there are without them', async () => {
    setConsent(['preferences']);
    localStorage.setItem(SELECTED_FILTERS_KEY, JSON.stringify({ country: ['ES'] }));
    try {
      const app = await open(paths.search({ s: 'san' }));
      await waitFor(() => expect(JSON.parse(query(app).get('f') ?? 'null')).toEqual({ country: ['ES'] }));
      expect(await screen.findByText('Remembered filters:')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Remove the filter Country: ES' })).toBeTruthy();
      // 25 results for "san" without the filter, 6 with it.
      expect((await screen.findByTestId('more-without-filters')).textContent).toBe(
        '19 more results without them',
      );
      expect((await resultCount()).textContent).toBe('6 results');

      await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect((await screen.findByText('25 results')).textContent).toBe('25 results');
      expect(query(app).get('f')).toBeNull();
      expect(screen.queryByText('Remembered filters:')).toBeNull();
      expect(JSON.parse(localStorage.getItem(SELECTED_FILTERS_KEY)!)).toEqual({});
    } finally {
      localStorage.clear();
      setConsent([]);
    }
  });

  it('says nothing is remembered about filters the visitor chose for this search', async () => {
    setConsent(['preferences']);
    try {
      const app = await open(paths.search({ s: 'san' }));
      const country = await screen.findByRole('region', { name: 'Country' });
      await app.user.click(within(country).getByRole('checkbox', { name: /^ES/ }));
      await waitFor(() => expect(titles()).toHaveLength(6));
      expect(screen.queryByText('Remembered filters:')).toBeNull();
      expect(screen.queryByTestId('more-without-filters')).toBeNull();
    } finally {
      localStorage.clear();
      setConsent([]);
    }
  });

  it('pages through the results', async () => {
    const app = await open(paths.search({ s: 'san', itemsPerPage: '10' }));
    expect((await resultCount()).textContent).toBe('25 results');
    const first = titles();
    expect(first).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    await app.user.click(within(pages).getByRole('button', { name: 'Go to page 3' }));

    await waitFor(() => expect(titles()).toHaveLength(5));
    expect(query(app).get('page')).toBe('3');
    expect(titles().some((title) => first.includes(title))).toBe(false);
  });

  it('says when nothing matches', async () => {
    await open(paths.search({ s: 'zzzz' }));
    const heading = await screen.findByRole('heading', { name: 'No results for “zzzz”' });
    expect(heading.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens a pasted URL as it reads: data type, filter and page', async () => {
    const app = await open(
      paths.searchChips(['city'], {
        s: 'san',
        f: JSON.stringify({ country: ['US'] }),
        page: '2',
        itemsPerPage: '10',
      }),
    );
    expect((await resultCount()).textContent).toBe('12 results');
    expect(titles()).toHaveLength(2);
    const country = screen.getByRole('region', { name: 'Country' });
    expect((within(country).getByRole('checkbox', { name: /^US/ }) as HTMLInputElement).checked).toBe(true);
    const types = screen.getByRole('group', { name: 'Data types' });
    expect(within(types).getByRole('button', { pressed: true }).textContent).toMatch(/^Cities/);

    // A new filter value starts again at page 1; the URL says so, replacing its history entry.
    await app.user.click(within(country).getByRole('checkbox', { name: /^SV/ }));
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(query(app).get('page')).toBeNull();
    expect(JSON.parse(query(app).get('f')!)).toEqual({ country: ['US', 'SV'] });
    expect(app.router.state.historyAction).toBe('REPLACE');
  });

  it('keeps the results of the current text across screen mounts, and forgets them when the text changes', async () => {
    const { deps, counted } = countedDeps();
    const app = await open(paths.search({ s: 'san' }), deps);
    expect((await resultCount()).textContent).toBe('25 results');
    const searches = counted.searches;
    expect(searches).toBeGreaterThan(0);

    await act(() => app.router.navigate('/elsewhere'));
    expect(screen.queryByRole('listbox')).toBeNull();
    await act(() => app.router.navigate(paths.search({ s: 'san' })));
    // Shown in the first render back, from the cache: no search ran.
    expect(titles()).toHaveLength(20);
    expect(counted.searches).toBe(searches);

    await act(() => app.router.navigate(paths.search({ s: 'sant' })));
    await screen.findByRole('heading', { name: 'Results for “sant”' });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Searching' })).toBeNull());
    const afterNewText = counted.searches;
    await act(() => app.router.navigate(paths.search({ s: 'san' })));
    expect((await resultCount()).textContent).toBe('25 results');
    expect(counted.searches).toBeGreaterThan(afterNewText);
  });

  it('shows the previous results, dimmed, while the next search runs', async () => {
    const { deps, counted } = countedDeps();
    const app = await open(paths.search({ s: 'san' }), deps);
    expect((await resultCount()).textContent).toBe('25 results');
    const before = titles();
    let release = () => {};
    counted.hold = new Promise((resolve) => (release = resolve));

    const types = screen.getByRole('group', { name: 'Data types' });
    await app.user.click(within(types).getByRole('button', { name: /^Countries/ }));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Searching' })).toBeTruthy());
    expect(titles()).toEqual(before);
    expect(screen.getByText('25 results')).toBeTruthy();

    await act(async () => release());
    await waitFor(() => expect(titles()).toEqual(['San Marino']));
    expect(screen.queryByRole('progressbar', { name: 'Searching' })).toBeNull();
  });

  it('is not drawn again when only the load store searching flag moves', async () => {
    let commits = 0;
    let settled = false;
    const page = (
      <SearchDepsContext value={pageDeps}>
        <Profiler
          id="screen"
          onRender={() => {
            commits += 1;
          }}
        >
          <SearchScreen
            dataSources={searchSources}
            signedIn={false}
            onSettledChange={(now) => {
              settled = now;
            }}
          />
        </Profiler>
      </SearchDepsContext>
    );
    await renderApp({ url: paths.search({ s: 'san' }), routes: [{ path: '/search', element: page }] });
    await waitFor(() => expect(settled).toBe(true));
    // What React still holds for the screen commits first: the queries it reads answer in
    // transitions, which the scheduler may draw a few turns later on a busy machine.
    await waitFor(async () => {
      const seen = commits;
      for (let turn = 0; turn < 3; turn += 1) await act(() => new Promise((done) => setTimeout(done)));
      expect(commits).toBe(seen);
    });
    const before = commits;
    for (let i = 0; i < 3; i += 1) {
      await act(async () => {
        pageDeps.store.searchStarted();
        pageDeps.store.searchEnded();
      });
    }
    expect(pageDeps.store.getSnapshot().searching).toBe(false);
    expect(commits).toBe(before);
  });

  it('is not drawn again at each step of a download: only its progress bar is', async () => {
    const deps = { ...inProcessSearchDeps(), fetchChecksums: () => new Promise<never>(() => {}) };
    deps.store.setSource('countries', { state: 'loading', size: 5e6 });
    deps.store.setDownloaded('countries', 1e6);
    await open(paths.search({ s: 'san' }), deps);
    await screen.findByText('1 MB of 5 MB');
    await act(async () => {});
    const before = screenRenders.count;
    for (const bytes of [2e6, 3e6, 4e6]) {
      await act(async () => deps.store.setDownloaded('countries', bytes));
      expect(screen.getByText(`${bytes / 1e6} MB of 5 MB`)).toBeTruthy();
    }
    expect(screenRenders.count).toBe(before);
  });
});

describe('a source searched from its head segment while it loads', () => {
  /** Deps whose worker holds the two best-ranked cities, the store saying the rest is loading. */
  async function headDeps() {
    const nothingKept = { get: async () => undefined, put: async () => {}, delete: async () => {} };
    const worker = createSearchWorkerApi({ cache: nothingKept, fetch });
    await worker.addIndex('cities', searchSources.cities!, cityRecords.slice(0, 2));
    const deps = { ...inProcessSearchDeps(), worker, fetchChecksums: () => new Promise<never>(() => {}) };
    deps.store.setSource('cities', { state: 'loading', size: 5e6, documentCount: 24, firstSearchable: 2 });
    deps.store.setSource('countries', { state: 'loading', size: 1e3 });
    return deps;
  }

  it('shows its results so far and says that they come from its top documents', async () => {
    await open(paths.search({ s: 'san' }), await headDeps());
    await waitFor(() => expect(titles()).toEqual(['San Antonio', 'San Antonio Norte']));
    expect(screen.getByText('First results from the top 2; the rest is loading')).toBeTruthy();
  });

  it('shows placeholders, not "no results", while its head holds no hit', async () => {
    const deps = await headDeps();
    const searched = vi.spyOn(deps.worker, 'searchIndex');
    await open(paths.search({ s: 'zzzz' }), deps);
    await waitFor(() => expect(searched).toHaveBeenCalledWith('cities', expect.anything()));
    await act(async () => await searched.mock.results[0]!.value);
    expect(screen.queryByRole('heading', { name: /No results/ })).toBeNull();
    expect(document.querySelector('.MuiSkeleton-root')).toBeTruthy();
  });
});

describe('a page the server drew with its first results', () => {
  /** Deps whose index is loading and never arrives: the device has no result of its own. */
  const loadingDeps = (): SearchIndexDeps => {
    const deps = { ...inProcessSearchDeps(), fetchChecksums: () => new Promise<never>(() => {}) };
    deps.store.setSource('countries', { state: 'loading', size: 1000 });
    deps.store.setDownloaded('countries', 100);
    return deps;
  };
  const firstResults: FirstResults = {
    query: { term: 'atlantis', chips: [], filters: {} },
    sources: { countries: 250 },
    result: {
      hits: [
        {
          id: 'ATL',
          score: 1,
          dataType: 'country',
          document: { id: 'ATL', rank: 0, code: 'ATL', name: 'Atlantis', region: 'Ocean' },
        },
      ],
      sources: { countries: { dataType: 'country', count: 1, limited: false, facets: {} } },
      limited: false,
      total: 1,
      counts: {},
      rangeCounts: {},
    } as FirstResults['result'],
  };
  const openDrawn = (url: string) => {
    const page = (
      <SearchDepsContext value={loadingDeps()}>
        <SearchScreen dataSources={searchSources} signedIn={false} firstResults={firstResults} />
      </SearchDepsContext>
    );
    return renderApp({ url, routes: [{ path: '/search', element: page }] });
  };

  it('shows them for their query while its indexes load, without a loading panel above them', async () => {
    await openDrawn(paths.search({ s: 'atlantis' }));
    expect(await resultCount()).toBeTruthy();
    expect(titles()).toEqual(['Atlantis']);
    expect(screen.queryAllByRole('progressbar', { name: /^Loading/ })).toEqual([]);
  });

  it('shows nothing of them for another query', async () => {
    await openDrawn(paths.search({ s: 'lemuria' }));
    expect(await screen.findByRole('heading', { name: /lemuria/ })).toBeTruthy();
    expect(screen.queryByRole('listbox', { name: 'Search results' })).toBeNull();
    expect(screen.queryByText('Atlantis')).toBeNull();
    // No results of its own to stand in for the loading: the screen says it is loading.
    expect(screen.getAllByRole('progressbar', { name: /^Loading/ }).length).toBeGreaterThan(0);
  });
});
