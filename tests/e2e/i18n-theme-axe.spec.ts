// Accessibility of the main routes in every language and in the dark and high-contrast themes:
// axe-core finds no serious or critical violations, and no text is missing from the messages.
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from '@playwright/test';

// The first page of a run may wait on a cold server sharing two cores with other suites.
const expect = baseExpect.configure({ timeout: 10_000 });

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

for (const variant of variants) {
  test.describe(`${variant.name}`, () => {
    for (const path of mainRoutes) {
      test(`${path}: no serious or critical axe violations, no missing texts`, async ({
        page,
        context,
        baseURL,
      }) => {
        await context.addCookies(
          Object.entries(variant.cookies).map(([name, value]) => ({ name, value, url: baseURL! })),
        );
        const missing: string[] = [];
        page.on('console', (message) => {
          if (message.text().startsWith('Missing translation key')) missing.push(message.text());
        });
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
        expect(serious).toEqual([]);
        expect(missing).toEqual([]);
      });
    }
  });
}
