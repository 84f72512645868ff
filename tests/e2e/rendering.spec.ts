// Server-rendered first visits (docs/rendering.md): the pages' content without JavaScript, in the
// visitor's language and direction, input given before hydration, and a public item and query
// hydrating in both directions (every route hydrates in i18n-theme-axe.spec.ts), on the shared
// rendering servers (rendering-server.ts).
import type { Page } from '@playwright/test';
import { decideConsent } from './consent';
import { collectPageErrors } from './console';
import { hydrated } from './hydration';
import { renderingServer } from './rendering-server';
import { protectedRoutes } from './routes';
import { expect, test } from './test';

const server = renderingServer;

// A browser where the date differs from the server's (UTC) at any hour of the run: a time or a
// "today" drawn in the visitor's zone while hydrating would mismatch.
test.use({ timezoneId: new Date().getUTCHours() < 12 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati' });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('public pages show their content, in the language the visitor asks for', async ({ page, context }) => {
    const expected: [string, string][] = [
      ['/', 'Welcome to Sift'],
      ['/about', 'About Sift'],
      ['/search', 'What are you looking for?'],
      ['/modules/auth/login', 'Sign in'],
    ];
    for (const [path, heading] of expected) {
      await page.goto(server.url(path));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await context.addCookies([{ name: 'i18n_redirected', value: 'ar', url: server.url() }]);
    await page.goto(server.url('/about'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'حول Sift' })).toBeVisible();
  });

  test('a first visit is asked for consent in the page itself; a visitor who decided is not', async ({
    page,
    context,
  }) => {
    const banner = page.getByRole('region', { name: 'Cookies and storage on this device' });
    await page.goto(server.url('/about'));
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept all' })).toBeVisible();
    await decideConsent(context, server.url());
    await page.goto(server.url('/about'));
    await expect(page.getByRole('heading', { level: 1, name: 'About Sift' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('a public item and a public query show their content', async ({ page }) => {
    await page.goto(server.url('/item/countries/FRA'));
    await expect(page.getByRole('heading', { level: 1, name: 'France' })).toBeVisible();
    await expect(page.getByText('Official name')).toBeVisible();
    await expect(page.getByText('French Republic').first()).toBeVisible();
    await page.goto(server.url('/search?s=france'));
    await expect(page.getByRole('option', { name: /^France Country French Republic/ })).toBeVisible();
  });

  test('pages that need a session are not rendered for an anonymous request', async ({ page }) => {
    for (const path of protectedRoutes) {
      await page.goto(server.url(path));
      await expect(page.locator('#root')).toBeEmpty();
    }
  });
});

/**
 * Holds React's chunk (vite.config.ts) until the returned function is called: the page stays as the
 * server drew it, with only the entry's own code running.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/react-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a tap, text, a ticked box and an option chosen before the page is hydrated are acted on once it is', async ({
  page,
}) => {
  let release = await holdScripts(page);
  await page.goto(server.url('/about'), { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Change language' }).click();
  release();
  await expect(page.getByRole('menuitemradio', { name: 'Français' })).toBeVisible();

  await page.unrouteAll();
  release = await holdScripts(page);
  await page.goto(server.url('/about'), { waitUntil: 'commit' });
  await page.getByRole('combobox', { name: 'Search' }).fill('france');
  await expect(page.getByRole('heading', { level: 1, name: 'About Sift' })).toBeVisible();
  release();
  await expect(page.getByRole('option', { name: /^France Country/ })).toBeVisible();
  await expect(page).toHaveURL(/[?&]s=france/);

  await page.unrouteAll();
  release = await holdScripts(page);
  await page.goto(server.url('/search?s=united'), { waitUntil: 'commit' });
  const europe = page
    .getByRole('complementary')
    .getByRole('region', { name: 'Region', exact: true })
    .getByRole('checkbox', { name: /Europe/ });
  await europe.check();
  await expect(page.getByText('7 results')).toBeVisible();
  release();
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  await expect(europe).toBeChecked();
  expect(JSON.parse(new URL(page.url()).searchParams.get('f')!)).toEqual({ region: ['Europe'] });

  // A select (the results' order) changes at once; hydrating it puts back the option it was drawn
  // with, and the choice is handed over. happy-dom's selects cannot carry React's key, so this is
  // the select's test.
  await page.unrouteAll();
  release = await holdScripts(page);
  await page.goto(server.url('/search?s=united'), { waitUntil: 'commit' });
  const order = page.getByRole('combobox', { name: 'Sort by' });
  await order.selectOption({ label: 'Largest area first' });
  release();
  await expect(page).toHaveURL(/[?&]sort=2(&|$)/);
  await expect(order).toHaveValue('2');
  await expect(
    page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first(),
  ).toContainText('United States');
});

// Hydrating a field puts its text back, and with it the caret at the start: text typed over a
// selection made before hydration landed in front of the old text ("abcTwo cups of flour…").
test('a selection made in a field before the page is hydrated is still there to type over', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(server.url('/modules/storage/checksum'), { waitUntil: 'commit' });
  const value = page.getByRole('textbox', { name: 'Value' });
  await value.focus();
  await value.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(0, field.value.length));
  release();
  await hydrated(page, 'textarea');
  await page.waitForFunction(() => window.siftEarlyInput === undefined);
  await page.keyboard.insertText('abc');
  await expect(value).toHaveValue('abc');
  await expect(page.locator('output')).toHaveText('0x938da798 (2475534232)'); // crc32c of "abc" as JSON
});

// A growing multi-line field the server drew shorter than it is once measured moved the controls
// below it from under a finger: a tap on /contact's send button right after hydration missed it.
test('a growing text field keeps the height it was drawn with once hydrated', async ({ page }) => {
  for (const [path, below] of [
    ['/contact', 'Send message'],
    ['/testGraphql', 'Run'],
  ] as const) {
    await page.unrouteAll();
    const release = await holdScripts(page);
    await page.goto(server.url(path), { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: below, exact: true });
    const drawn = await button.boundingBox();
    release();
    await hydrated(page, 'form button[type="submit"]');
    await page.waitForFunction(() => window.siftEarlyInput === undefined);
    await expect.poll(() => button.boundingBox(), path).toEqual(drawn);
  }
});

test('a public item and a public query hydrate without a mismatch in both directions, their first number format made by a worker', async ({
  page,
  context,
}) => {
  const errors = collectPageErrors(page);
  // The page's first Intl.NumberFormat is a long task in Chromium; made in a worker, it is not.
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  for (const [lang, france] of [
    ['en', 'France'],
    ['ar', 'فرنسا'],
  ] as const) {
    // The item's heading, the result's title (in the page's language), or the key not found: drawn by the server.
    for (const [path, drawn] of [
      ['/item/countries/FRA', `>${france}<`],
      ['/search?s=france', `>${france}<`],
      ['/item/countries/ZZZ', lang === 'ar' ? '«ZZZ»' : '“ZZZ”'],
    ] as const) {
      await test.step(`${path} (${lang})`, async () => {
        await context.addCookies([{ name: 'i18n_redirected', value: lang, url: server.url() }]);
        const response = await page.goto(server.url(path));
        expect(await response!.text(), 'rendered on the server').toContain(drawn);
        await hydrated(page);
        // The browser reports a 404 page's own status as a console error; that one is the point.
        const missing = response!.status() === 404;
        const unexpected = errors.splice(0).filter((error) => !(missing && error.includes('status of 404')));
        expect.soft(unexpected, path).toEqual([]);
        expect
          .soft(workers.splice(0), path)
          .toContainEqual(expect.stringMatching(/\/number-format\.worker-/));
      });
    }
  }
});
