// The search screen as users meet it, in Chromium: typing in the app bar's box, chips, filters
// with counts, sort, paging, the URL, going back, remembered filters, the keyboard, the item
// viewer and the reload demo. Anonymous visitors use the shared server (public countries only);
// signed-in users get a server of their own with an account (countries and 135,233 cities).
import { type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { seriousAxeViolations } from './axe';
import { decideConsent } from './consent';
import { collectPageErrors } from './console';
import { mainServerUser } from './main-server-user';

// A fresh server seeds the demo data and builds its indexes after start; the first test waits.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const box = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const options = (page: Page) => page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
const optionTitles = (page: Page) =>
  options(page).evaluateAll((found) => found.map((o) => o.querySelector('.result-title')?.textContent));
const facet = (page: Page, name: string) =>
  page.getByRole('complementary').getByRole('region', { name, exact: true });

const sourceStates = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.entries(window.siftSearch?.state().sources ?? {}).map(([n, s]) => [n, s.state]),
    ),
  );

/**
 * Until the service worker controls the page and keeps the configuration and translations: an
 * offline start needs both. A page it took control of after they loaded is reloaded through it.
 */
async function untilOfflineReady(page: Page) {
  const keptForOffline = () =>
    page.evaluate(async () => {
      const names = await caches.keys();
      const kept = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      const urls = kept.flat().map((request) => new URL(request.url).pathname);
      return urls.includes('/api/config') && urls.some((path) => path.endsWith('/messages.json'));
    });
  // Installing the worker precaches the whole app: slow on a busy machine.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 })
    .toBe(true);
  if (await keptForOffline()) return;
  await page.reload();
  await expect.poll(keptForOffline).toBe(true);
}

/** Opens `path` once the public index is searchable. */
async function openWhenLoaded(page: Page, path: string) {
  await page.goto('/search');
  await expect.poll(() => sourceStates(page), { timeout: 90_000 }).toEqual({ countries: 'loaded' });
  if (path !== '/search') await page.goto(path);
}

test.beforeEach(async ({ context, baseURL }) => {
  await decideConsent(context, baseURL!, ['preferences']);
});

test('typing shows results once typing pauses (500 ms), and the URL follows without new history entries', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.clock.install();
  await openWhenLoaded(page, '/search');
  const entries = await page.evaluate(() => history.length);
  await box(page).click();
  // The page's clock stands still while typing, so the debounce is checked and not the machine's
  // speed (a real 100 ms wait failed under load).
  await page.clock.pauseAt(Date.now() + 1_000);
  await box(page).fill('switzerland');
  await page.clock.runFor(499);
  expect(new URL(page.url()).searchParams.get('s')).toBeNull();
  await page.clock.runFor(1);
  await expect(page).toHaveURL('/search?s=switzerland&itemsPerPage=20');
  await page.clock.resume();
  await expect(options(page).first()).toContainText('Switzerland');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “switzerland”');
  await expect(options(page).first().locator('mark')).toHaveText('Switzerland');
  expect(await page.evaluate(() => history.length)).toBe(entries);

  // Matched on another name: the result says which.
  await box(page).fill('Schweiz');
  await expect(options(page).first()).toContainText('Matches Schweiz');
  expect(errors).toEqual([]);
});

test('the chips route limits the search to data types, and chips nobody may see ask for sign-in', async ({
  page,
}) => {
  await openWhenLoaded(page, '/search/country');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browsing: Countries');
  await expect(page.getByText('250 results')).toBeVisible();
  await expect(options(page)).toHaveCount(20);

  await page.goto('/search/city?s=paris');
  await expect(page.getByRole('alert').filter({ hasText: 'Sign in to search Cities.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No results for “paris”' })).toBeVisible();
});

test('filters list their values with counts for the current query, and narrow the results', async ({
  page,
}) => {
  await openWhenLoaded(page, '/search?s=united');
  await expect(page.getByText('7 results')).toBeVisible();
  const region = facet(page, 'Region');
  await expect(region.locator('label', { hasText: 'Americas' })).toContainText('4');
  await expect(region.locator('label', { hasText: 'Europe' })).toContainText('1');

  await region.getByRole('checkbox', { name: /Europe/ }).check();
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  expect(await optionTitles(page)).toEqual(['United Kingdom']);
  const url = new URL(page.url());
  expect(JSON.parse(url.searchParams.get('f')!)).toEqual({ region: ['Europe'] });
  // The region filter keeps offering its other values with what they would add; others narrow.
  await expect(region.locator('label', { hasText: 'Americas' })).toContainText('4');
  await expect(facet(page, 'Subregion').locator('label')).toHaveText(['Northern Europe1']);

  await page.getByRole('button', { name: 'Remove the filter Region: Europe' }).click();
  await expect(page.getByText('7 results')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('f')).toBeNull();
});

test('sort orders the merged results and is kept in the URL only when not best match', async ({ page }) => {
  await openWhenLoaded(page, '/search/country?s=republic');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Largest area first' }).click();
  await expect(page).toHaveURL(/[?&]sort=2(&|$)/);
  await expect(options(page).first()).toContainText('China');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name (A to Z)' }).click();
  await expect(options(page).first()).toContainText('Afghanistan');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Best match' }).click();
  await expect(page).not.toHaveURL(/sort=/);
});

test('paging and items per page; a new search starts again at page 1', async ({ page }) => {
  await openWhenLoaded(page, '/search/country');
  await expect(options(page)).toHaveCount(20);
  const first = await optionTitles(page);
  await page
    .getByRole('navigation', { name: 'Result pages' })
    .getByRole('button', { name: 'page 2' })
    .click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(options(page).first()).not.toHaveText(first[0]!);
  const second = await optionTitles(page);
  expect(second).toHaveLength(20);
  expect(second.filter((title) => first.includes(title))).toEqual([]);

  await page.getByRole('combobox', { name: 'Per page' }).click();
  await page.getByRole('option', { name: '50', exact: true }).click();
  await expect(options(page)).toHaveCount(50);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page).toHaveURL(/itemsPerPage=50/);

  await page
    .getByRole('navigation', { name: 'Result pages' })
    .getByRole('button', { name: 'page 3' })
    .click();
  await expect(page).toHaveURL(/[?&]page=3(&|$)/);
  await box(page).fill('island');
  await expect(page).toHaveURL(/s=island/);
  await expect(page).not.toHaveURL(/page=/);
});

test('a copied URL opens the same screen in a new page', async ({ page, context }) => {
  await openWhenLoaded(page, '/search?s=republic');
  await facet(page, 'Region')
    .getByRole('checkbox', { name: /Europe/ })
    .check();
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name (A to Z)' }).click();
  await page.getByRole('combobox', { name: 'Per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Result pages' })
    .getByRole('button', { name: 'page 2' })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(options(page)).toHaveCount(10);
  const url = page.url();
  const titles = await optionTitles(page);

  const other = await context.newPage();
  await other.goto(url);
  await expect(options(other)).toHaveCount(10, { timeout: 60_000 });
  expect(await optionTitles(other)).toEqual(titles);
  await expect(box(other)).toHaveValue('republic');
  await expect(facet(other, 'Region').getByRole('checkbox', { name: /Europe/ })).toBeChecked();
  expect(other.url()).toBe(url);
});

test('emptying the text goes back to the page the search started from, or to /search', async ({ page }) => {
  await openWhenLoaded(page, '/about');
  await box(page).click();
  await box(page).pressSequentially('fra', { delay: 30 });
  await expect(page).toHaveURL(/\/search\?s=fra/);
  await expect(box(page)).toBeFocused();
  await expect(options(page).first()).toContainText('France');
  await box(page).fill('');
  await expect(page).toHaveURL('/about');
  await expect(box(page)).toHaveValue('');

  await page.goto('/search?s=fra');
  await expect(options(page).first()).toContainText('France');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL('/search');
});

test('selected filters are remembered on the device, and only with consent', async ({ page, context }) => {
  await openWhenLoaded(page, '/search?s=united');
  await facet(page, 'Region')
    .getByRole('checkbox', { name: /Americas/ })
    .check();
  await expect(page.getByText('4 results')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('gap-search:selectedFilterOptions'))).toBe(
    '{"region":["Americas"]}',
  );
  // A search without `f` (typed anew, or after a reload of /search) gets the remembered filters.
  await page.goto('/search?s=states');
  await expect(facet(page, 'Region').getByRole('checkbox', { name: /Americas/ })).toBeChecked();
  await expect(page).toHaveURL(/f=%7B%22region%22%3A%5B%22Americas%22%5D%7D/);
  // Restored, they are said to be remembered, with what they hide and a way to clear them.
  await expect(page.getByText('Remembered filters:')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the filter Region: Americas' })).toBeVisible();
  const more = page.getByTestId('more-without-filters');
  await expect(more).toHaveText(/^\d+ more results? without them$/);
  const countIn = async (text: Promise<string | null>) => Number((await text)?.split(' ')[0]);
  const shown = await countIn(page.getByText(/^\d+ results?$/).textContent());
  const extra = await countIn(more.textContent());
  await page.reload();
  await expect(facet(page, 'Region').getByRole('checkbox', { name: /Americas/ })).toBeChecked();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/f=/);
  await expect(page.getByText('Remembered filters:')).toHaveCount(0);
  await expect(page.getByText(`${shown + extra} results`, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('gap-search:selectedFilterOptions'))).toBe('{}');

  await context.clearCookies();
  await decideConsent(context, new URL(page.url()).origin, []);
  await page.goto('/search?s=united');
  await expect(facet(page, 'Region').getByRole('checkbox', { name: /Americas/ })).not.toBeChecked();
  await facet(page, 'Region').getByRole('checkbox', { name: /Asia/ }).check();
  expect(await page.evaluate(() => localStorage.getItem('gap-search:selectedFilterOptions'))).toBeNull();
});

test('keyboard: / focuses the box, arrows move through the results, Enter opens one', async ({ page }) => {
  await openWhenLoaded(page, '/search');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('/');
  await expect(box(page)).toBeFocused();
  await page.keyboard.type('united');
  await expect(options(page)).toHaveCount(7);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  // Escape closes the suggestions (the arrows would go through them first): then the results.
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = options(page).nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  await expect(second).toContainText('United Kingdom');
  await page.keyboard.press('ArrowUp');
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // Countries are public: visitors open the item itself.
  await expect(page).toHaveURL('/item/countries/GBR');
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toHaveText('United Kingdom');
});

test('help while typing: completions from the keyboard, recent searches, did you mean', async ({ page }) => {
  await openWhenLoaded(page, '/search');
  await box(page).click();
  await page.keyboard.type('united k');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option')).toHaveText(['United Kingdom']);
  await page.keyboard.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]s=United(\+|%20)Kingdom/);
  await expect(suggestions).toHaveCount(0);
  await expect(options(page).first()).toContainText('United Kingdom');

  // Emptied, the focused box offers it again as a recent search; Delete removes it.
  await box(page).fill('');
  const recent = page.getByRole('listbox', { name: 'Recent searches' });
  await expect(recent.getByRole('option')).toHaveText(['United Kingdom']);
  await page.keyboard.press('ArrowDown');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Delete');
  await expect(recent).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('gap-search:recentSearches'))).toBeNull();

  // A word no index knows: the search finds by typos, and offers the corrected words.
  await page.goto('/search?s=untied');
  await page.getByRole('link', { name: 'united', exact: true }).click();
  await expect(page).toHaveURL(/[?&]s=united(&|$)/);
  await expect(box(page)).toHaveValue('united');
});

test('suggestions in Arabic: the popup lines up with the box right to left, and ← accepts one', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'ar', url: baseURL! }]);
  await openWhenLoaded(page, '/search');
  const arabicBox = page.getByRole('combobox', { name: 'بحث' });
  await arabicBox.click();
  await page.keyboard.type('germ');
  const suggestions = page.getByRole('listbox', { name: 'اقتراحات' });
  await expect(suggestions.getByRole('option')).toHaveText(['Germany']);
  const boxRight = await arabicBox.evaluate((input) => input.closest('form')!.getBoundingClientRect().right);
  const popupRight = await suggestions.evaluate((list) => list.parentElement!.getBoundingClientRect().right);
  expect(Math.abs(boxRight - popupRight)).toBeLessThan(2);
  // ← is "forward" in a right-to-left box: at the end of the text it takes the first completion.
  await page.keyboard.press('ArrowLeft');
  await expect(arabicBox).toHaveValue('Germany');
  await expect(page).toHaveURL(/[?&]s=Germany/);
});

test('visitors open items of public sources, with codes labelled; protected ones ask them to sign in', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/item/countries/FRA');
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('France', { timeout: 90_000 });
  // The lookups of public sources are public: borders (ESP) and languages (fra) read as words.
  await expect(main.getByRole('link', { name: 'Search for Spain' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Search for French' })).toBeVisible();
  await expect(main.getByText('ESP', { exact: true })).toHaveCount(0);
  // The stored flag is drawn with the flag font, as the avatar is (not as two letters on Linux).
  await expect(main.getByText('🇫🇷', { exact: true }).last()).toHaveCSS(
    'font-family',
    /^"Twemoji Country Flags"/,
  );

  await page.goto('/item/cities/2988507');
  const query = new URLSearchParams({ callbackUrl: '/item/cities/2988507', error: 'SessionRequired' });
  await expect(page).toHaveURL(`/modules/auth/login?${query}`);
  expect(errors).toEqual([]);
});

test('results, filters and the empty state have no serious accessibility problems, in English and Arabic dark', async ({
  page,
  context,
  baseURL,
}) => {
  await openWhenLoaded(page, '/search?s=united');
  await facet(page, 'Region')
    .getByRole('checkbox', { name: /Americas/ })
    .check();
  await box(page).focus();
  // The arrows move through the list once the box shows it (the filtered search has answered),
  // after the suggestions the focus opened: Escape closes them.
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  // Contrast is judged on the filtered answer, not on the previous one dimmed while it runs.
  await expect(page.getByRole('listbox', { name: 'Search results' })).toHaveCSS('opacity', '1');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await context.addCookies([
    { name: 'i18n_redirected', value: 'ar', url: baseURL! },
    { name: 'color-scheme', value: 'dark', url: baseURL! },
  ]);
  await page.goto('/search?s=zzzz');
  await expect(page.getByRole('heading', { name: 'لا نتائج لـ«zzzz»' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the reload demo opens the results page with a full page load', async ({ page }) => {
  await page.goto('/modules/search/searchAndReloadOnSubmit');
  await page.evaluate(() => {
    (window as { beforeReload?: boolean }).beforeReload = true;
  });
  await page.getByLabel('Search for').fill('norway');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL('/search?s=norway');
  await expect(options(page).first()).toContainText('Norway', { timeout: 60_000 });
  expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
});

test.describe('while the server prepares an index', () => {
  // Service workers stay blocked (the suite's default): one would answer checksum requests
  // itself, out of page.route's sight.

  test('the screen says the server is preparing it, logs nothing, and loads it once built', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    let building = true;
    await page.route('/api/index', async (route) => {
      if (!building || route.request().method() !== 'POST') return route.fallback();
      await route.fulfill({ json: { countries: { state: 'preparing', crc32c: null } } });
    });
    await page.goto('/search');
    await expect(page.getByRole('status')).toContainText('The server is preparing this data');
    expect(await sourceStates(page)).toEqual({ countries: 'loading' });
    building = false;
    await expect.poll(() => sourceStates(page)).toEqual({ countries: 'loaded' });
    await expect(page.getByText('The server is preparing this data')).toHaveCount(0);
    expect(errors).toEqual([]);
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

// On the main e2e server, which has loaded the demo data and created this account.
test.describe('signed in', () => {
  const ann = mainServerUser;
  let server: { url(path?: string): string };
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  // What sign-out and an offline start leave on the device includes the service worker's caches.
  test.use({ serviceWorkers: 'allow' });

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
    await decideConsent(context, server.url(), ['preferences']);
    await signIn(page);
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
    await decideConsent(context, server.url(), ['preferences']);
    await signIn(page);
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
    await decideConsent(context, server.url(), ['preferences']);
    await signIn(page);
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
    await decideConsent(context, server.url(), ['preferences']);
    await signIn(page);
    await page.goto(server.url('/search/city?s=paris'));
    await expect
      .poll(() => sourceStates(page), { timeout: 150_000 })
      .toEqual({ countries: 'loaded', cities: 'loaded' });
    await expect(facet(page, 'Kind of place').locator('label', { hasText: /^Capital\d/ })).toBeVisible();
    await untilOfflineReady(page);
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
    await decideConsent(context, server.url(), ['preferences']);
    await signIn(page);
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
    const { expires } = await (await page.request.get(server.url('/api/auth/session'))).json();
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
