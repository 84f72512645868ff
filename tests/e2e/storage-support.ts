// What the storage specs share: a server of their own with one account (each spec starts its own,
// so the two run side by side), and the steps on the storage pages.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server-process';
import { decideConsent } from './consent';
import { expect as baseExpect, test } from './test';

export const ann = { email: 'ann.storage@example.test', password: 'correct horse battery' };

// Sign-in runs scrypt on purpose; on a busy machine a step can take seconds.
export const expect = baseExpect.configure({ timeout: 30_000 });

/** Starts the spec's server before its tests and stops it after; answers its address and page steps. */
export function storageServer() {
  let server: TestServer;
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({ users: [ann] });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const url = (path?: string) => server.url(path);
  return {
    url,
    /** A page of `context` whose cookie choice is made, so no banner covers the page. */
    async newPage(context: BrowserContext): Promise<Page> {
      await decideConsent(context, url());
      return context.newPage();
    },
    async signInTo(page: Page, path: string) {
      await page.goto(url(`/modules/auth/login?${new URLSearchParams({ callbackUrl: path })}`));
      await page.getByLabel('Email').fill(ann.email);
      await page.getByLabel(/^Password/).fill(ann.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(url(path));
    },
  };
}

export async function storeItem(page: Page, key: string, value: string) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Store' }) });
  await form.getByRole('textbox', { name: 'Key' }).fill(key);
  await form.getByRole('textbox', { name: 'Value' }).fill(value);
  await form.getByRole('button', { name: 'Store' }).click();
  await expect(form.getByText(`Stored “${key}”.`)).toBeVisible();
}

/**
 * Until `dialog` has faded in: axe reads colours through its opacity, and a dialog just drawn may
 * not have started its transition yet (so waiting for the animations under way is not enough).
 */
export async function faded(dialog: Locator) {
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        for (let at: Element | null = element; at; at = at.parentElement) {
          if (getComputedStyle(at).opacity !== '1') return false;
        }
        return true;
      }),
    )
    .toBe(true);
}

export const row = (page: Page, table: string, key: string) =>
  page.getByRole('region', { name: table }).locator(`tr[data-key="${key}"]`);
