// The start snapshot (docs/decisions/010-start-snapshot.md): a warm start of a search URL paints
// the view that URL last settled on before the app's code runs, inert, and the live screen takes
// its place; nothing is painted for another URL, and nothing is kept without consent.
import type { Page } from '@playwright/test';
import { decideConsent } from './consent';
import { collectPageErrors } from './console';
import { expect as baseExpect, test } from './test';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
// A warm start is a visit the service worker answers with the shell: a page the server draws (every
// anonymous first visit) is never covered by a snapshot. A service worker outlives the reset of a
// reused context, so each test gets a context of its own.
test.use({ serviceWorkers: 'allow', reuseContext: false });

declare global {
  interface Window {
    atStart?: {
      snapshot: string | null;
      inert: boolean;
      hidden: string | null;
      appRendered: boolean;
      adoptedRules: number;
    };
  }
}

const options = (page: Page) => page.getByRole('listbox', { name: 'Search results' }).getByRole('option');

/** Opens `path` and waits until the screen has settled on its results. */
async function settleOn(page: Page, path: string, firstResult: string) {
  await page.goto(path);
  await expect(options(page).first()).toContainText(firstResult, { timeout: 90_000 });
  await expect(page.getByRole('progressbar', { name: 'Searching' })).toHaveCount(0);
}

/** Waits until the service worker answers the page's navigations (it installs on the first visit). */
const serviceWorkerControls = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 })
    .toBe(true);

/** What the page showed when its HTML had been read, before the app's code had rendered anything. */
async function recordStart(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const overlay = document.getElementById('start-snapshot');
      window.atStart = {
        snapshot: overlay?.textContent ?? null,
        inert: overlay?.inert ?? false,
        hidden: overlay?.getAttribute('aria-hidden') ?? null,
        appRendered: document.getElementById('root')!.childElementCount > 0,
        adoptedRules: document.querySelector('style[data-emotion^="mui "]')?.textContent?.length ?? 0,
      };
    });
  });
}

test('a warm start paints the last settled view of the same URL at once, then the live screen takes its place', async ({
  page,
  context,
  baseURL,
}) => {
  await decideConsent(context, baseURL!, ['preferences']);
  const errors = collectPageErrors(page);
  await settleOn(page, '/search?s=switzerland', 'Switzerland');
  await serviceWorkerControls(page);
  await recordStart(page);

  await page.goto('/search?s=switzerland');
  const atStart = await page.evaluate(() => window.atStart);
  expect(atStart).toMatchObject({ inert: true, hidden: 'true', appRendered: false });
  expect(atStart?.snapshot).toContain('Results for “switzerland”');
  expect(atStart?.snapshot).toContain('Switzerland');

  await expect(page.locator('#start-snapshot')).toHaveCount(0);
  await expect(page.locator('#start-snapshot-style')).toHaveCount(0);
  await expect(options(page).first()).toContainText('Switzerland');
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('switzerland');
  // Its class rules now belong to the app's Emotion cache, which drew the live page with them.
  const adoptedRules = await page.evaluate(
    () =>
      document.querySelector<HTMLStyleElement>('style[data-emotion^="mui "]')?.sheet?.cssRules.length ?? 0,
  );
  expect(adoptedRules).toBeGreaterThan(50);
  await expect(page.locator('#root .MuiPaper-outlined').first()).toHaveCSS('border-radius', '20px');
  expect(errors).toEqual([]);

  // Another URL is not the page that was kept, though its start adopts the kept class rules.
  await page.goto('/search?s=norway');
  const otherStart = await page.evaluate(() => window.atStart);
  expect(otherStart?.snapshot).toBeNull();
  expect(otherStart?.adoptedRules).toBeGreaterThan(1000);
  await expect(options(page).first()).toContainText('Norway');
  expect(errors).toEqual([]);
});

test('without consent to preferences nothing is kept', async ({ page, context, baseURL }) => {
  await decideConsent(context, baseURL!, []);
  await settleOn(page, '/search?s=switzerland', 'Switzerland');
  await serviceWorkerControls(page);
  await recordStart(page);
  await page.goto('/search?s=switzerland');
  expect(await page.evaluate(() => window.atStart?.snapshot)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('sift:start-snapshot'))).toBeNull();
});
