// The search screen for signed-in users, in Chromium, on the main e2e server (which has loaded the
// demo data, countries and 135,233 cities, and created this account): all sources searched, the
// item viewer, cities with ranges, near me and the map, offline starts, and what sign-out and an
// expired session leave on the device.
import type { BrowserContext, Page } from '@playwright/test';
import { seriousAxeViolations } from './axe';
import { decideConsent } from './consent';
import { collectPageErrors } from './console';
import { mainServerUser } from './main-server-user';
import { box, facet, options, optionTitles, sourceStates } from './search-screen-support';
import { expect as baseExpect, retryOnReset, test } from './test';

const expect = baseExpect.configure({ timeout: 20_000 });
// What sign-out and an offline start leave on the device includes the service worker's caches; a
// service worker outlives the reset of a reused context, so each test gets a context of its own.
test.use({ serviceWorkers: 'allow', reuseContext: false });

/**
 * Until the service worker controls the page and keeps what an offline start needs: the
 * configuration and translations, and with `indexes` the signed-in answer of the index checksums
 * (asked again once the worker took control, it may still be on its way). A page it took control
 * of after they loaded is reloaded through it.
 */
async function untilOfflineReady(page: Page, { indexes = false } = {}) {
  const keptForOffline = () =>
    page.evaluate(async (withIndexes) => {
      const names = await caches.keys();
      const kept = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      const urls = kept.flat().map((request) => new URL(request.url));
      const paths = urls.map((url) => url.pathname);
      const checksums = urls.some(
        (url) => url.pathname === '/api/index' && url.searchParams.get('sources') === 'cities,countries',
      );
      return (
        paths.includes('/api/config') &&
        paths.some((path) => path.endsWith('/messages.json')) &&
        (checksums || !withIndexes)
      );
    }, indexes);
  // Installing the worker precaches the whole app: slow on a busy machine. A failure names the
  // registration's workers, so a worker that never activated is told from a page left uncontrolled.
  // A page whose load began while the worker was activating can stay uncontrolled, as the spec
  // allows (clients.claim() takes the pages that existed then; seen as "active activated" here):
  // its next load is the worker's.
  const control = () =>
    page.evaluate(async () => {
      if (navigator.serviceWorker.controller) return 'controlled';
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) return 'no registration';
      const { installing, waiting, active } = registration;
      return `uncontrolled; installing ${installing?.state}, waiting ${waiting?.state}, active ${active?.state}`;
    });
  await expect.poll(control, { timeout: 60_000 }).toMatch(/^controlled$|, active activated$/);
  if ((await control()) !== 'controlled') await page.reload();
  await expect.poll(control).toBe('controlled');
  if (await keptForOffline()) return;
  await page.reload();
  await expect.poll(keptForOffline).toBe(true);
}

test.describe('signed in', () => {
  const ann = mainServerUser;
  let server: { url(path?: string): string };
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  test.beforeAll(({ baseURL }) => {
    server = { url: (path = '/') => new URL(path, baseURL).toString() };
  });

  async function signIn(page: Page) {
    await page.goto(server.url('/modules/auth/login'));
    await page.getByLabel('Email').fill(ann.email);
    await page.getByLabel(/^Password/).fill(ann.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(server.url('/'), { timeout: 30_000 });
  }

  /** A returning user: preferences consented to (so the start snapshot and filters are kept), signed in. */
  async function signInWithPreferences(page: Page, context: BrowserContext) {
    await decideConsent(context, server.url(), ['preferences']);
    await signIn(page);
  }

  test('visitors search the public sources only; signed-in users all of them', async ({ page, context }) => {
    const errors = collectPageErrors(page);
    await decideConsent(context, server.url(), ['preferences']);
    await page.goto(server.url('/search'));
    await expect.poll(() => sourceStates(page), { timeout: 150_000 }).toEqual({ countries: 'loaded' });
    await expect(page.getByRole('link', { name: /Cities Sign in to search/ })).toBeVisible();
    await box(page).fill('paris');
    await expect(options(page).first()).toContainText('France');
    await expect(page.getByRole('group', { name: 'Data types' })).toHaveCount(0);
    expect(await page.evaluate(() => Object.keys(window.siftSearch!.state().sources))).toEqual(['countries']);

    await signIn(page);
    await page.goto(server.url('/search?s=paris'));
    const chips = page.getByRole('group', { name: 'Data types' });
    await expect(chips.getByRole('button', { name: /^Cities · \d+/ })).toBeVisible({ timeout: 150_000 });
    await expect(options(page).filter({ hasText: 'City' }).first()).toContainText('Paris');
    await chips.getByRole('button', { name: /^Cities/ }).click();
    await expect(page).toHaveURL(/\/search\/city\?s=paris/);
    // Signed in, lookups label the codes (PPLC, FR…).
    const featureCode = facet(page, 'Kind of place');
    await expect(featureCode.locator('label', { hasText: /^Capital\d/ })).toHaveText('Capital1');
    await featureCode.getByRole('checkbox', { name: /^Capital/ }).check();
    await expect(options(page)).toHaveCount(1);
    expect(await optionTitles(page)).toEqual(['Paris']);

    // Signing out right here drops the cities and asks the server for nothing it would refuse.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sign in to search Cities.' })).toBeVisible();
    await expect.poll(() => sourceStates(page)).toEqual({ countries: 'loaded' });
    expect(errors).toEqual([]);
  });

  test('the item viewer shows an item with its fields and leads back to its search', async ({
    page,
    context,
  }) => {
    const errors = collectPageErrors(page);
    await signInWithPreferences(page, context);
    const capital = `/search/city?s=paris&f=${encodeURIComponent('{"featureCode":["PPLC"]}')}`;
    await page.goto(server.url(capital));
    await expect(options(page)).toHaveCount(1, { timeout: 150_000 });
    await options(page).click();
    await expect(page).toHaveURL(/\/item\/cities\/\d+$/);
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Paris');
    await expect(main.getByText('City', { exact: true })).toBeVisible();
    await expect(main.locator('dt', { hasText: 'Population' })).toBeVisible();
    // A small globe turned to the city, its land drawn from the outline shipped with the app.
    await expect(main.getByRole('img', { name: /^Paris on a world map \(48\.\d+, 2\.\d+\)$/ })).toBeVisible();
    await expect(main.getByTestId('item-map').locator('path')).toHaveCount(2);
    await expect(main.getByRole('link', { name: 'Search for France' })).toHaveAttribute(
      'href',
      `/search/city?f=${encodeURIComponent('{"country":["FR"]}')}&itemsPerPage=20`,
    );
    await main.getByRole('link', { name: 'Back to results' }).click();
    await expect(page).toHaveURL(/\/search\/city\?s=paris&f=/);
    await expect(box(page)).toHaveValue('paris');
    await expect(options(page)).toHaveCount(1);

    await page.goto(server.url('/item/countries/NOPE'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Item not found');
    await expect(main.getByText('Countries has no item with the key “NOPE”.')).toBeVisible();
    await page.goto(server.url('/item/planets/earth'));
    await expect(main.getByText('There is no data source called “planets”.')).toBeVisible();
    expect(errors).toEqual([]);

    // Offline, items and results still come from the indexes on the device.
    await page.goto(server.url(capital));
    await expect(options(page)).toHaveCount(1);
    await context.setOffline(true);
    await options(page).click();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Paris');
    await expect(main.getByTestId('item-map').locator('path')).toHaveCount(2);
    await page.goBack();
    await expect(options(page)).toHaveCount(1);
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    await context.setOffline(false);
  });

  test('same-name cities are told apart by their country, named and with its flag', async ({
    page,
    context,
  }) => {
    await signInWithPreferences(page, context);
    await page.goto(server.url('/search/city?s=ottawa'));
    const ottawas = options(page).filter({ has: page.locator('.result-title', { hasText: /^Ottawa$/ }) });
    await expect(ottawas).toHaveCount(4, { timeout: 150_000 });
    await expect(ottawas.first()).toContainText('Canada');
    await expect(ottawas.first().locator('.result-avatar')).toHaveText('🇨🇦');
    const american = ottawas.filter({ hasText: 'United States' });
    await expect(american).toHaveCount(3);
    expect(await american.locator('.result-avatar').allTextContents()).toEqual(['🇺🇸', '🇺🇸', '🇺🇸']);
    // Drawn as flags, not as two letters: the flag font was fetched for them.
    const flagFont = () =>
      page.evaluate(() => [...document.fonts].find((f) => f.family.includes('Twemoji'))?.status);
    await expect.poll(flagFont).toBe('loaded');
  });

  test('cities: a population range kept in the URL, near me with a mocked position, the map offline', async ({
    page,
    context,
  }) => {
    const errors = collectPageErrors(page);
    await signInWithPreferences(page, context);
    await untilOfflineReady(page);
    await page.goto(server.url('/search/city?s=paris'));
    await expect(options(page).first()).toContainText('France', { timeout: 150_000 });
    const population = facet(page, 'Population');
    // The histogram counts the matches of the other filters: every Paris.
    await expect(
      population.getByRole('img', { name: /^Population of the matches: under 2,000: \d/ }),
    ).toBeVisible();
    await population.getByLabel('Minimum').fill('100000');
    await population.getByRole('button', { name: 'Apply' }).click();
    const ranged = `/search/city?s=paris&f=${encodeURIComponent('{"population":["100000.."]}')}`;
    await expect(page).toHaveURL(server.url(`${ranged}&itemsPerPage=20`));
    const populations = () =>
      options(page).evaluateAll((found) =>
        found.map((o) => Number(/Population ([\d,]+)/.exec(o.textContent ?? '')?.[1]?.replaceAll(',', ''))),
      );
    await expect.poll(async () => (await populations()).every((n) => n >= 100_000)).toBe(true);
    const kept = await populations();
    expect(kept.length).toBeGreaterThan(0);
    expect((await optionTitles(page))[0]).toBe('Paris');
    // Restored from the URL, the range shows in its fields and as a chip.
    await page.goto(server.url(ranged));
    await expect.poll(populations, { timeout: 150_000 }).toEqual(kept);
    await expect(facet(page, 'Population').getByLabel('Minimum')).toHaveValue('100000');
    const chip = page.getByRole('button', { name: 'Remove the filter Population: 100,000 or more' });
    await chip.click();
    await expect(page).toHaveURL(/\/search\/city\?s=paris&itemsPerPage=20$/);

    // Near me: the position is asked only now (mocked near Brantford, Ontario): Paris, Ontario first.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 43.14, longitude: -80.26 });
    await expect(options(page).first()).toContainText('France');
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Nearest first' })).toBeVisible();
    await expect(options(page).first()).toContainText('Canada');
    await expect(options(page).first().getByTestId('result-distance')).toHaveText(/^\d+(\.\d)? km away$/);

    // The map of the page's results, drawn offline from the outline shipped with the app.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Map' }).click();
    const map = page.getByRole('group', { name: 'Map of the results on this page' });
    await expect(map.locator('path')).toHaveCount(1);
    await expect(map.getByRole('link')).toHaveCount(await options(page).count());
    await expect(map.getByTestId('results-map-position')).toHaveCount(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await map.getByRole('link').first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/item\/cities\/\d+$/);
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toHaveText('Paris');
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });

  test('signed in, a reload while offline keeps the session, the cities index and the labels', async ({
    page,
    context,
  }) => {
    await signInWithPreferences(page, context);
    await page.goto(server.url('/search/city?s=paris'));
    await expect
      .poll(() => sourceStates(page), { timeout: 150_000 })
      .toEqual({ countries: 'loaded', cities: 'loaded' });
    await expect(facet(page, 'Kind of place').locator('label', { hasText: /^Capital\d/ })).toBeVisible();
    await untilOfflineReady(page, { indexes: true });
    await context.setOffline(true);
    try {
      await page.reload();
      // The session request fails; the session this device remembered keeps the user signed in.
      await expect
        .poll(() => page.evaluate(() => window.siftSearch?.state().sources.cities ?? null), {
          timeout: 60_000,
        })
        .toMatchObject({ state: 'loaded', from: 'cache' });
      await expect(options(page).filter({ hasText: 'City' }).first()).toContainText('Paris');
      await expect(facet(page, 'Kind of place').locator('label', { hasText: /^Capital\d/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /Cities Sign in to search/ })).toHaveCount(0);
    } finally {
      await context.setOffline(false);
    }
  });

  /** Signs in and searches the cities for Winterthur; returns the cities artifact URLs fetched. */
  async function signInAndSearchWinterthur(page: Page, context: BrowserContext): Promise<string[]> {
    await signInWithPreferences(page, context);
    const artifacts: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/index\/cities\/\d+$/.test(request.url())) artifacts.push(request.url());
    });
    await page.goto(server.url('/search/city?s=winterthur'));
    await expect
      .poll(() => sourceStates(page), { timeout: 150_000 })
      .toEqual({ countries: 'loaded', cities: 'loaded' });
    return artifacts;
  }

  test('signing out on a page outside search leaves no protected data readable on the device', async ({
    page,
    context,
  }) => {
    const errors = collectPageErrors(page);
    const artifacts = await signInAndSearchWinterthur(page, context);
    await options(page).first().click();
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toHaveText('Winterthur');
    // The search a result was opened from is a recent search (consent allows it), until sign-out.
    const recentSearches = () => page.evaluate(() => localStorage.getItem('gap-search:recentSearches'));
    await expect.poll(recentSearches).toContain('winterthur');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lookups'))).not.toBeNull();
    // The probe finds the protected data while signed in, so finding nothing later means something.
    const cityNames = ['Winterthur', 'Timbuktu'];
    expect(await protectedTraces(page, artifacts, cityNames)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^indexedDB sift-search/)]),
    );

    await page.goto(server.url('/about'));
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lookups'))).toBeNull();
    expect(await recentSearches()).toBeNull();
    // A normal sign-out logs no error (the probe's own refused fetch below would).
    expect(errors).toEqual([]);
    await expect.poll(() => protectedTraces(page, artifacts, cityNames)).toEqual([]);
  });

  test('a session that expired while the app was closed leaves no protected data on an offline start', async ({
    page,
    context,
  }) => {
    const artifacts = await signInAndSearchWinterthur(page, context);
    await expect(options(page).first()).toContainText('Winterthur');
    await untilOfflineReady(page);
    const cityNames = ['Winterthur', 'Timbuktu'];
    expect(await protectedTraces(page, artifacts, cityNames)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^indexedDB sift-search/)]),
    );
    const { expires } = await (await page.request.get(server.url('/api/auth/session'), retryOnReset)).json();
    await page.close();

    await context.setOffline(true);
    try {
      const later = await context.newPage();
      // A minute past the session's end, with the device unable to ask the server.
      await later.clock.install({ time: Date.parse(expires) + 60_000 });
      await later.goto(server.url('/search/city?s=winterthur'));
      await expect(later.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(later.getByRole('alert').filter({ hasText: 'Sign in to search Cities.' })).toBeVisible();
      await expect.poll(() => protectedTraces(later, artifacts, cityNames)).toEqual([]);
    } finally {
      await context.setOffline(false);
    }
  });
});

/**
 * Where on this device any of `names` can still be read: localStorage, sessionStorage, every
 * IndexedDB record (Blobs read) and Cache Storage entry (gzip bodies unpacked), and `fetch()` of `urls` as the
 * page could (HTTP cache included). Each trace is named by where it was found.
 */
function protectedTraces(page: Page, urls: string[], names: string[]): Promise<string[]> {
  return page.evaluate(
    async ({ urls, names }) => {
      const traces: string[] = [];
      const gunzip = async (bytes: Uint8Array<ArrayBuffer>) => {
        if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
        const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
        return new Response(stream).text();
      };
      const textOf = async (value: unknown): Promise<string> => {
        if (value instanceof Uint8Array) return gunzip(new Uint8Array(value));
        if (value instanceof ArrayBuffer) return gunzip(new Uint8Array(value));
        if (value instanceof Blob) return gunzip(new Uint8Array(await value.arrayBuffer()));
        if (value && typeof value === 'object') {
          const parts = await Promise.all(Object.values(value).map(textOf));
          return `${JSON.stringify(value)} ${parts.join(' ')}`;
        }
        return String(value);
      };
      const check = (where: string, text: string) => {
        if (names.some((name) => text.includes(name))) traces.push(where);
      };
      for (const [label, storage] of [
        ['localStorage', localStorage],
        ['sessionStorage', sessionStorage],
      ] as const) {
        for (const key of Object.keys(storage)) check(`${label} ${key}`, storage.getItem(key) ?? '');
      }
      for (const { name } of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name!);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const store of Array.from(db.objectStoreNames)) {
          const records = await new Promise<unknown[]>((resolve, reject) => {
            const all = db.transaction(store).objectStore(store).getAll();
            all.onsuccess = () => resolve(all.result);
            all.onerror = () => reject(all.error);
          });
          for (const record of records) check(`indexedDB ${name}/${store}`, await textOf(record));
        }
        db.close();
      }
      for (const cacheName of await caches.keys()) {
        const cache = await caches.open(cacheName);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          const bytes = new Uint8Array((await response?.arrayBuffer()) ?? new ArrayBuffer(0));
          check(`cache ${cacheName} ${request.url}`, await gunzip(bytes));
        }
      }
      for (const url of urls) {
        // Offline, a fetch that nothing on the device can answer fails: no trace there.
        const response = await fetch(url).catch(() => null);
        if (!response) continue;
        check(
          `fetch ${url} (${response.status})`,
          await gunzip(new Uint8Array(await response.arrayBuffer())),
        );
      }
      return traces;
    },
    { urls, names },
  );
}
