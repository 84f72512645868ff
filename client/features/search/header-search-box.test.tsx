// @vitest-environment happy-dom
// The search box's help while typing, with the search screen and the real indexes searched in
// process: completions in its popup steered from the keyboard before the results, accepted with
// Enter, Tab or →; recent searches while it is empty; "did you mean" on the screen.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setConsent } from '#client/consent/consent-store';
import { paths } from '#client/paths';
import { fakeServer } from '#tests/support/fake-server';
import { inProcessSearchDeps } from '#tests/support/in-process-search-deps';
import { renderApp } from '#tests/support/render-app';
import { searchIndexHandlers, searchSources } from '#tests/support/search-fixture';
import { HeaderSearchBox } from './header-search-box';
import type { SearchIndexDeps } from './load-search-indexes';
import { RECENT_SEARCHES_KEY, readRecentSearches } from './recent-searches';
import { SearchDepsContext } from './search-deps-context';
import { SearchScreen } from './search-screen';

configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  vi.stubGlobal('fetch', fakeServer(await searchIndexHandlers()).fetch);
});
afterEach(() => {
  localStorage.clear();
  setConsent([]);
});

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
    routes: [{ path: '/search', element: page }],
  });
}

const box = () => screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
const popup = (name: string) => screen.findByRole('listbox', { name });
const optionTexts = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
const query = (app: Awaited<ReturnType<typeof open>>) => new URL(app.location(), 'http://x').searchParams;

/** Opens the screen with its results for `text`, the box focused with the text typed. */
async function typed(text: string) {
  const app = await open(paths.search({ s: text.slice(0, -1) }));
  await screen.findByRole('listbox', { name: 'Search results' });
  await app.user.click(box());
  await app.user.keyboard(text.slice(-1));
  return app;
}

/** Shows the screen rendered by `ScreenOnceLoaded`, as when the route's code has arrived. */
let showScreen = () => {};
function ScreenOnceLoaded() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    showScreen = () => act(() => setLoaded(true));
  }, []);
  return loaded && <SearchScreen dataSources={searchSources} signedIn={false} />;
}

describe('typing on the search page', () => {
  it('before its screen shows (its code still loading), keeps every letter and searches them all', async () => {
    const app = await renderApp({
      url: '/search',
      routes: [
        {
          path: '/search',
          element: (
            <SearchDepsContext value={pageDeps}>
              <HeaderSearchBox />
              <ScreenOnceLoaded />
            </SearchDepsContext>
          ),
        },
      ],
    });
    await app.user.click(box());
    await app.user.keyboard('u');
    // Already on the search page: no entry of its own for the first letter, to be read back later.
    expect(app.location()).toBe('/search');
    showScreen();
    await app.user.keyboard('nited');
    await waitFor(() => expect(query(app).get('s')).toBe('united'));
    expect(box().value).toBe('united');
  });
});

describe('completions in the search box', () => {
  it('offers titles completing the text, popular first, and the arrow keys reach them before the results', async () => {
    const app = await typed('san a');
    const suggestions = await popup('Suggestions');
    // Countries match `san` only as San Marino, which does not complete "san a".
    expect(optionTexts(suggestions)).toEqual(['San Antonio', 'San Antonio Norte']);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toContain(suggestions.id);

    await app.user.keyboard('{ArrowDown}');
    const [first, second] = within(suggestions).getAllByRole('option');
    expect(box().getAttribute('aria-activedescendant')).toBe(first!.id);
    expect(first!.getAttribute('aria-selected')).toBe('true');
    await app.user.keyboard('{ArrowDown}{ArrowDown}');
    // Past the suggestions: the first result.
    const results = screen.getByRole('listbox', { name: 'Search results' });
    expect(box().getAttribute('aria-activedescendant')).toBe(within(results).getAllByRole('option')[0]!.id);
    await app.user.keyboard('{ArrowUp}');
    expect(box().getAttribute('aria-activedescendant')).toBe(second!.id);

    // Enter takes the pointed suggestion and searches it at once.
    await app.user.keyboard('{Enter}');
    expect(box().value).toBe('San Antonio Norte');
    await waitFor(() => expect(query(app).get('s')).toBe('San Antonio Norte'));
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();
  });

  it('completes the text of a box focused while the indexes load, once they have loaded', async () => {
    const page = inProcessSearchDeps();
    let answerChecksums = () => {};
    const checksumsAsked = new Promise<void>((resolve) => {
      answerChecksums = resolve;
    });
    const deps: SearchIndexDeps = {
      ...page,
      fetchChecksums: async (...args) => {
        await checksumsAsked;
        return page.fetchChecksums(...args);
      },
    };
    const app = await open(paths.search({ s: 'san a' }), deps);
    await app.user.click(box());
    await waitFor(() => expect(page.store.getSnapshot().overall).toBe('loading'));
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();

    await act(async () => answerChecksums());
    expect(optionTexts(await popup('Suggestions'))).toEqual(['San Antonio', 'San Antonio Norte']);
  });

  it('accepts the first completion with → at the end of the text, and a pointed one with Tab', async () => {
    const app = await typed('san b');
    await popup('Suggestions');
    await app.user.keyboard('{ArrowLeft}{ArrowRight}');
    // The caret was not at the end before this →: it only moved.
    expect(box().value).toBe('san b');
    await app.user.keyboard('{ArrowRight}');
    expect(box().value).toBe('San Bernardo');
    await waitFor(() => expect(query(app).get('s')).toBe('San Bernardo'));

    await app.user.keyboard(' n');
    const suggestions = await popup('Suggestions');
    await waitFor(() => expect(optionTexts(suggestions)).toEqual(['San Bernardo Norte']));
    await app.user.keyboard('{ArrowDown}{Tab}');
    expect(box().value).toBe('San Bernardo Norte');
    expect(document.activeElement).toBe(box());
  });

  it('closes the popup with Escape and leaves Tab alone when nothing is pointed at', async () => {
    const app = await typed('san c');
    await popup('Suggestions');
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();
    expect(box().value).toBe('san c');
    await app.user.keyboard('a');
    await popup('Suggestions');
    await app.user.tab();
    expect(box().value).toBe('san ca');
    expect(document.activeElement).not.toBe(box());
  });

  it('takes a completion clicked with the mouse', async () => {
    const app = await typed('san d');
    const suggestions = await popup('Suggestions');
    // By text: happy-dom spaces out the bold part in the accessible name, which browsers do not.
    await waitFor(() => expect(optionTexts(suggestions)).toContain('San Diego'));
    const sanDiego = within(suggestions)
      .getAllByRole('option')
      .find((option) => option.textContent === 'San Diego');
    await app.user.click(sanDiego!);
    await waitFor(() => expect(query(app).get('s')).toBe('San Diego'));
  });
});

describe('recent searches', () => {
  it('are offered in the empty box; Delete or the × removes one, and Clear all the rest', async () => {
    setConsent(['preferences']);
    const app = await typed('san');
    await app.user.keyboard('{Enter}');
    await app.user.clear(box());
    await app.user.keyboard('lyon{Enter}');
    await app.user.clear(box());
    await app.user.keyboard('rome{Enter}');
    expect(readRecentSearches(null)).toEqual(['rome', 'lyon', 'san']);

    await app.user.clear(box());
    await app.user.click(box());
    const recent = await popup('Recent searches');
    expect(optionTexts(recent)).toEqual(['rome', 'lyon', 'san']);
    expect(document.getElementById(box().getAttribute('aria-describedby')!)?.textContent).toBe(
      'Delete removes the selected search.',
    );
    await app.user.keyboard('{ArrowDown}{Delete}');
    await waitFor(() => expect(optionTexts(recent)).toEqual(['lyon', 'san']));
    // The mouse removes with the option's × mark.
    await app.user.click(within(recent).getAllByRole('option')[0]!.querySelector('[data-remove]')!);
    await waitFor(() => expect(optionTexts(recent)).toEqual(['san']));
    expect(box().value).toBe('');

    await app.user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
    expect(screen.queryByRole('listbox', { name: 'Recent searches' })).toBeNull();
  });

  it('are not kept without the preferences consent', async () => {
    const app = await typed('san');
    await app.user.keyboard('{Enter}');
    await app.user.clear(box());
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
    expect(screen.queryByRole('listbox', { name: 'Recent searches' })).toBeNull();
  });
});

describe('did you mean', () => {
  it('links to the search corrected from the indexes’ words when a word is known to none', async () => {
    const app = await open(paths.search({ s: 'sna antnio' }));
    const link = await screen.findByRole('link', { name: 'san antonio' });
    expect(screen.getByTestId('did-you-mean').textContent).toBe('Did you mean san antonio?');
    await app.user.click(link);
    await waitFor(() => expect(query(app).get('s')).toBe('san antonio'));
    await waitFor(() => expect(box().value).toBe('san antonio'));
    expect(screen.queryByTestId('did-you-mean')).toBeNull();
  });
});
