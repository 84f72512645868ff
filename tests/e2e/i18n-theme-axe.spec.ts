// Accessibility of the main routes in every language and in the dark and high-contrast themes:
// axe-core finds no serious or critical violations, and no text is missing from the messages.
// Each variant opens one page and moves through the routes as the app does (client-side), so a
// variant costs one page load and one axe injection.
import { expect, type Page, test } from '@playwright/test';
import { type AxeProblem, seriousAxeViolations } from './axe';

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

const variants = [
  { name: 'English', cookies: { i18n_redirected: 'en' } },
  { name: 'Spanish', cookies: { i18n_redirected: 'es' } },
  { name: 'French', cookies: { i18n_redirected: 'fr' } },
  { name: 'Arabic', cookies: { i18n_redirected: 'ar' } },
  { name: 'dark', cookies: { 'color-scheme': 'dark' } },
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
  test(`${variant.name}: the main routes have no serious or critical axe violations, no missing texts`, async ({
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
        const serious = await seriousAxeViolations(page);
        if (serious.length > 0) problems[path] = serious;
      });
    }
    expect(problems).toEqual({});
    expect(missing).toEqual([]);
  });
}
