// Accessibility (axe-core, any impact: tests/e2e/axe.ts) of every route in English and Arabic, light
// and dark, as the server draws it (before the app's modules run) and hydrated (Arabic at a phone's
// width) without a console error or a hydration mismatch; and of the main routes in every language
// and the high-contrast themes, rendered in the browser, with no text missing from the messages.
import type { Page } from '@playwright/test';
import { CONSENT_COOKIE } from '#shared/consent';
import { type AxeProblem, axeViolations } from './axe';
import { decideConsent } from './consent';
import { collectPageErrors } from './console';
import { hydrated } from './hydration';
import { renderingServer } from './rendering-server';
import { errorRoutes, routeTable } from './routes';
import { expect, test } from './test';

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

  const server = renderingServer;

  // Each route in one language and scheme per mode, by turn, the hydrated pair the other language
  // and scheme of the drawn one: every route is checked in both languages and both schemes, and
  // across the routes each mode sees all four pairs.
  const drawnVariants = [
    ['en', 'dark'],
    ['ar', 'light'],
    ['en', 'light'],
    ['ar', 'dark'],
  ] as const;
  const hydratedVariants = [
    ['ar', 'light'],
    ['en', 'dark'],
    ['ar', 'dark'],
    ['en', 'light'],
  ] as const;
  const byTurn = <T>(list: readonly T[], index: number) => list[index % list.length]!;

  const preferences = (lang: Language, scheme: Scheme) => [
    { name: 'i18n_redirected', value: lang, url: server.url() },
    { name: 'color-scheme', value: scheme, url: server.url() },
  ];

  /**
   * The routes in two halves, one test each (one per worker). A test opens its routes one after
   * another in one page, a full load each as a visitor's tab does: on two shared cores a new page
   * (a browser process) costs about three loads.
   */
  const halves = <T>(list: readonly T[]) => {
    const middle = Math.ceil(list.length / 2);
    return [list.slice(0, middle), list.slice(middle)].map((part, half) => ({
      part,
      offset: half * middle,
      name: `${half + 1} of 2`,
    }));
  };

  // The app's modules never arrive; the boot scripts run, as they do before hydration. (axe
  // itself needs JavaScript and timers, so the page's JavaScript stays on.)
  for (const { part, offset, name } of halves(routeTable)) {
    test(`before hydration, with the first visit’s consent banner (${name})`, async ({ page, context }) => {
      test.setTimeout(180_000);
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      for (const [at, path] of part.entries()) {
        const [lang, scheme] = byTurn(drawnVariants, offset + at);
        await test.step(`${path} (${lang}, ${scheme})`, async () => {
          await context.addCookies(preferences(lang, scheme));
          const response = await page.goto(server.url(path));
          expect
            .soft(await response!.text(), `${path} rendered on the server`)
            .toContain('id="sift-server-page"');
          await expect.soft(page.locator('html'), path).toHaveAttribute('lang', lang);
          expect.soft(await axeViolations(page), path).toEqual([]);
        });
      }
    });
  }

  // Arabic at a phone's width: the layout follows the width alone (a closed drawer, the bottom
  // navigation, tables scrolling sideways). The consent decided on every other round of the four
  // pairs: the banner is drawn and hydrated too. A mismatch while hydrating is a console error.
  // The error pages and a 404 are drawn in the browser (the server sends them the shell).
  const drawnInBrowser = [...errorRoutes, '/no/such/page'];
  for (const { part, offset, name } of halves([...routeTable, ...drawnInBrowser])) {
    test(`hydrated, without a console error (${name})`, async ({ page, context }) => {
      test.setTimeout(180_000);
      const errors = collectPageErrors(page);
      for (const [at, path] of part.entries()) {
        const index = offset + at;
        const [lang, scheme] = byTurn(hydratedVariants, index);
        const phone = lang === 'ar';
        const drawnByServer = !drawnInBrowser.includes(path);
        await test.step(`${path} (${lang}, ${scheme}${phone ? ', phone' : ''})`, async () => {
          await page.setViewportSize(phone ? { width: 412, height: 915 } : { width: 1280, height: 800 });
          await context.addCookies(preferences(lang, scheme));
          if (Math.floor(index / hydratedVariants.length) % 2 === 0)
            await decideConsent(context, server.url());
          else await context.clearCookies({ name: CONSENT_COOKIE });
          errors.length = 0;
          const response = await page.goto(server.url(path));
          await hydrated(page);
          await expect.soft(page.locator('html'), path).toHaveAttribute('data-color-scheme', scheme);
          await expect.soft(page.locator('html'), path).toHaveAttribute('dir', phone ? 'rtl' : 'ltr');
          if (drawnByServer) {
            expect
              .soft(await response!.text(), `${path} rendered on the server`)
              .toContain('id="sift-server-page"');
            await expect
              .soft(page.getByRole('heading', { name: /Something went wrong|Page Not Found/ }), path)
              .toHaveCount(0);
          }
          expect.soft(await axeViolations(page), path).toEqual([]);
          if (drawnByServer) expect.soft(errors, path).toEqual([]);
        });
      }
    });
  }
});
