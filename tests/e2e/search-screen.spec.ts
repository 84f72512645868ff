// The search screen as users meet it, in Chromium: typing in the app bar's box, chips, filters
// with counts, sort, paging, the URL, going back, remembered filters, the keyboard, the item
// viewer and the reload demo, for anonymous visitors on the shared server (public countries only).
// Signed-in users are in search-screen-signed-in.spec.ts.
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from './axe';
import { decideConsent } from './consent';
import { collectPageErrors } from './console';
import { box, facet, options, optionTitles, sourceStates } from './search-screen-support';
import { expect as baseExpect, test } from './test';

// A fresh server seeds the demo data and builds its indexes after start; the first test waits.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

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
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Largest area first' });
  await expect(page).toHaveURL(/[?&]sort=2(&|$)/);
  await expect(options(page).first()).toContainText('China');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name (A to Z)' });
  await expect(options(page).first()).toContainText('Afghanistan');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Best match' });
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

  await page.getByRole('combobox', { name: 'Per page' }).selectOption({ label: '50' });
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
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name (A to Z)' });
  await page.getByRole('combobox', { name: 'Per page' }).selectOption({ label: '10' });
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
  await expect(options(page).filter({ hasText: 'United Kingdom' })).toHaveCount(1);
  await facet(page, 'Region')
    .getByRole('checkbox', { name: /Americas/ })
    .check();
  // The filtered answer is on screen: a later one would put the arrows back in the box.
  await expect(options(page).filter({ hasText: 'United Kingdom' })).toHaveCount(0);
  await box(page).focus();
  // The arrows move through the list once the box shows it, after the suggestions the focus
  // opened: Escape closes them.
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
