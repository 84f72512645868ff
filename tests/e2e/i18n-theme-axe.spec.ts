// Accessibility (axe-core, any impact: tests/e2e/axe.ts) of every route in English and Arabic, light
// and dark, as the server draws it (before the app's modules run) and hydrated (Arabic at a phone's
// width); and of the main routes in every language and the high-contrast themes, rendered in the
// browser, with no text missing from the messages. A route's test checks its variants in one page
// where the app allows: the server's HTML is cheap to load again, a hydrated page switches language
// and theme in its menus.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { startServer, type TestServer } from '#tests/support/server-process';
import { type AxeProblem, axeViolations } from './axe';
import { decideConsent } from './consent';
import { hydrated } from './hydration';
import { errorRoutes, routeTable } from './routes';

const mainRoutes = [
  '/home',
  '/about',
  '/search',
  '/theme',
  '/modules/i18n/basic',
  '/modules/i18n/transform',
  '/vuetifyi18n',
  '/modules/auth/login',
];

// English and Arabic, light and dark are checked on every route below.
const variants = [
  { name: 'Spanish', cookies: { i18n_redirected: 'es' } },
  { name: 'French', cookies: { i18n_redirected: 'fr' } },
  { name: 'light high contrast', cookies: { 'color-scheme': 'light-high-contrast' } },
  { name: 'dark high contrast', cookies: { 'color-scheme': 'dark-high-contrast', i18n_redirected: 'ar' } },
];

/** Navigates as a link would (React Router follows history), and waits for the new page's heading. */
async function navigateInApp(page: Page, path: string) {
  const previous = await page.locator('main h1').first().elementHandle();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await previous?.waitForElementState('hidden');
  await expect(page.locator('main h1').first()).toBeVisible();
}

for (const variant of variants) {
  test(`${variant.name}: the main routes have no axe violations, no missing texts`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await context.addCookies(
      Object.entries(variant.cookies).map(([name, value]) => ({ name, value, url: baseURL! })),
    );
    const missing: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('Missing translation key')) missing.push(message.text());
    });
    const problems: Record<string, AxeProblem[]> = {};
    for (const [index, path] of mainRoutes.entries()) {
      await test.step(path, async () => {
        if (index === 0) await page.goto(path);
        else await navigateInApp(page, path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await expect(page).toHaveURL(path);
        const found = await axeViolations(page);
        if (found.length > 0) problems[path] = found;
      });
    }
    expect(problems).toEqual({});
    expect(missing).toEqual([]);
  });
}

test.describe('every route, rendered on the server', () => {
  type Language = 'en' | 'ar';
  type Scheme = 'light' | 'dark';
  const languages: Language[] = ['en', 'ar'];
  const messages = Object.fromEntries(
    languages.map((lang) => [lang, JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8'))]),
  ) as Record<Language, { theme: Record<string, string>; language: Record<string, string> }>;

  let server: TestServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Ready once its sources' indexes are built too: the search pages are drawn as they then stay.
    server = await startServer({
      env: { SERVER_RENDERING: 'true', LOG_LEVEL: 'warn' },
      waitForSearchData: true,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  // Every route in both languages and both schemes in each mode, and each of the four pairs in
  // one of them: a pair more costs CI a page load, or two menu choices, per route.
  const drawnVariants = [
    ['en', 'dark'],
    ['ar', 'light'],
  ] as const;
  const hydratedVariants = [
    ['en', 'light'],
    ['ar', 'dark'],
  ] as const;

  const preferences = (lang: Language, scheme: Scheme) => [
    { name: 'i18n_redirected', value: lang, url: server.url() },
    { name: 'color-scheme', value: scheme, url: server.url() },
  ];

  test.describe('before hydration, with the first visit’s consent banner', () => {
    for (const path of routeTable) {
      test(path, async ({ page, context }) => {
        // The app's modules never arrive; the boot scripts run, as they do before hydration.
        // (axe itself needs JavaScript and timers, so the page's JavaScript stays on.)
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        const problems: Record<string, AxeProblem[]> = {};
        for (const [lang, scheme] of drawnVariants) {
          await context.addCookies(preferences(lang, scheme));
          const response = await page.goto(server.url(path));
          expect(await response!.text(), 'rendered on the server').toContain('id="sift-server-page"');
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          const found = await axeViolations(page);
          if (found.length > 0) problems[`${lang} ${scheme}`] = found;
        }
        expect(problems).toEqual({});
      });
    }
  });

  test.describe('hydrated, the variants chosen in the app bar’s menus', () => {
    /** Picks `item` in the app bar's menu named `menuLabel`; false when the page has no such menu. */
    async function chooseInMenu(page: Page, menuLabel: string, item: string): Promise<boolean> {
      const button = page.getByRole('button', { name: menuLabel, exact: true });
      if ((await button.count()) === 0) return false;
      await button.click();
      const choice = page.getByRole('menuitemradio', { name: item, exact: true });
      await choice.click();
      // The theme menu stays open for another choice: closed as a pointer would (a key would
      // leave the button's focus visible, and its tooltip open) once it shows the choice taken.
      if ((await page.getByRole('menu').count()) > 0) {
        await expect(choice).toHaveAttribute('aria-checked', 'true');
        await page.mouse.click(1, 1);
      }
      await expect(page.getByRole('menu')).toHaveCount(0);
      return true;
    }

    /** Shows the page in `lang` and `scheme` from `from`: through the menus, or a reload without them. */
    async function switchTo(page: Page, from: Language, lang: Language, scheme: Scheme) {
      const labels = messages[from];
      const inMenus =
        (await chooseInMenu(page, labels.theme.menu_label!, labels.theme[`mode_${scheme}`]!)) &&
        (lang === from ||
          (await chooseInMenu(page, labels.language.menu_label!, lang === 'ar' ? 'العربية' : 'English')));
      if (!inMenus) {
        await page.context().addCookies(preferences(lang, scheme));
        await page.reload();
        await hydrated(page);
      }
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
    }

    const phone = { width: 412, height: 915 };

    // The error pages and a 404 are drawn in the browser (the server sends them the shell).
    for (const path of [...routeTable, ...errorRoutes, '/no/such/page']) {
      test(path, async ({ page, context }) => {
        await decideConsent(context, server.url());
        await context.addCookies(preferences('en', 'light'));
        await page.goto(server.url(path));
        await hydrated(page);
        const problems: Record<string, AxeProblem[]> = {};
        let shown: Language = 'en';
        for (const [lang, scheme] of hydratedVariants) {
          // Arabic at a phone's width: the layout follows the width alone (a closed drawer, the
          // bottom navigation, tables scrolling sideways), so the phone's is checked in the same page.
          if (lang === 'ar') await page.setViewportSize(phone);
          if (`${lang} ${scheme}` !== 'en light') await switchTo(page, shown, lang, scheme);
          shown = lang;
          const found = await axeViolations(page);
          if (found.length > 0) problems[`${lang} ${scheme}${lang === 'ar' ? ' phone' : ''}`] = found;
        }
        expect(problems).toEqual({});
      });
    }
  });
});
