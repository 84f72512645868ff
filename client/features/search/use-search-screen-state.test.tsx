// @vitest-environment happy-dom
// The search screen's state hook in a memory router: what it reads from the URL, and how a change
// rewrites the URL (replacing the history entry, back at page 1, filters only where they apply).
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '#client/paths';
import { renderApp } from '#tests/support/render-app';
import { searchSources } from '#tests/support/search-fixture';
import { type SearchScreenState, useSearchScreenState } from './use-search-screen-state';

/** What the hook answered in the latest render. */
let latest: SearchScreenState | undefined;

function Probe() {
  latest = useSearchScreenState(searchSources, searchSources);
  return null;
}

async function openState(url: string) {
  const app = await renderApp({
    url,
    routes: [
      { path: '/search', element: <Probe /> },
      { path: '/search/:chips', element: <Probe /> },
    ],
  });
  return { app, state: () => latest! };
}

const f = (filters: Record<string, string[]>) => JSON.stringify(filters);

describe('the search screen state', () => {
  it('reads a pasted URL, ignoring what it cannot use', async () => {
    const { state } = await openState(
      paths.searchChips(['city', 'volcano'], {
        s: 'san',
        f: f({ country: ['US'], region: ['Europe'] }),
        sort: 'x',
        page: '3',
        itemsPerPage: '7',
      }),
    );
    expect(state()).toMatchObject({ text: 'san', chips: ['city'], sort: 0, page: 3, itemsPerPage: 20 });
    // Cities have a country filter, not a region one: the region stays selected but does not apply.
    expect(state().validKeys).toEqual(['country']);
    expect(state().active).toEqual({ country: ['US'] });
    expect(state().selection).toEqual({ country: ['US'], region: ['Europe'] });
  });

  it('writes a change to the URL in place of the current entry, keeping its history state', async () => {
    const { app, state } = await openState(paths.search({ s: 'san', page: '2', itemsPerPage: '10' }));
    await act(() => app.router.navigate(app.location(), { replace: true, state: { searchFrom: '/about' } }));
    act(() => state().update({ text: 'santa', page: 1 }));
    expect(app.location()).toBe(paths.search({ s: 'santa', itemsPerPage: '10' }));
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(app.router.state.location.state).toEqual({ searchFrom: '/about' });
    expect(state()).toMatchObject({ text: 'santa', page: 1 });
  });

  it('keeps filters the chosen data types do not have out of the URL', async () => {
    const { app, state } = await openState(paths.search({ s: 'san', f: f({ country: ['ES'] }) }));
    act(() => state().update({ chips: ['country'] }));
    expect(app.location()).toBe(paths.searchChips(['country'], { s: 'san', itemsPerPage: '20' }));
    expect(state().active).toEqual({});
  });
});
