// The key-value store on one device, against a server of its own with one account: a sync without a
// session fails with 'not authenticated', a refused backup is shown, changes reach other tabs,
// items expire, corruption is detected, and the storage pages pass axe.

import { seriousAxeViolations } from './axe';
import { collectPageErrors } from './console';
import { expect, row, storageServer, storeItem } from './storage-support';
import { test } from './test';

const server = storageServer();
const { newPage, signInTo } = server;

test("a sync without a session fails with 'not authenticated', and items stay on the device", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await newPage(context);
  const errors = collectPageErrors(page);
  await page.goto(server.url('/modules/storage/snapshot'));
  await expect(page.getByText('Not signed in', { exact: true })).toBeVisible();
  await storeItem(page, 'local-only', 'kept here');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'failed' })).toContainText('not authenticated');
  await expect(page.getByText('Sign in to see your backup.')).toBeVisible();
  await page.reload();
  await expect(row(page, 'On this device', 'local-only')).toContainText('kept here');
  expect(errors).toEqual([]);
  await context.close();
});

test('a backup the server refuses is shown with its reason, and the item stays on the device', async ({
  browser,
}) => {
  // Without the service worker, whose own requests page.route would not see.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await newPage(context);
  await signInTo(page, '/modules/storage/snapshot');
  // As if the app were opened at an address other than the server's PUBLIC_URL.
  // The browser keeps its own Origin header, so the request goes from here, and its real answer back.
  await page.route('**/api/backup?*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const headers = { ...route.request().headers(), origin: 'http://elsewhere.example' };
    await route.fulfill({ response: await route.fetch({ headers }) });
  });
  await storeItem(page, 'refused-item', 'not backed up');
  const notice = page.getByRole('alert').filter({ hasText: 'could not be backed up' });
  await expect(notice).toContainText(
    `This request comes from http://elsewhere.example; the server accepts changes only from ${new URL(server.url()).origin} (PUBLIC_URL).`,
  );
  await expect(notice).toContainText('They stay on this device.');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(row(page, 'On this device', 'refused-item')).toContainText('not backed up');
  await context.close();
});

test('changes reach other tabs at once, and an expired item reads as absent', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await newPage(context);
  const second = await context.newPage();
  await first.goto(server.url('/modules/storage/expiry'));
  await second.goto(server.url('/modules/storage/expiry'));
  await first.getByLabel('Seconds to live').fill('3');
  await storeItem(first, 'egg-timer', 'boiled');

  const inSecond = row(second, 'Items with an expiry', 'egg-timer');
  await expect(inSecond).toContainText('boiled');
  await expect(inSecond.getByText('Live')).toBeVisible();
  await expect(inSecond).toContainText(/in \d second/);
  await expect(inSecond.getByText('Expired')).toBeVisible({ timeout: 10_000 });
  await expect(inSecond.getByText('absent')).toBeVisible();
  await context.close();
});

test('a value changed on disk without its checksum is detected, also after a reload', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await newPage(context);
  await page.goto(server.url('/modules/storage/checksum'));
  await page.getByRole('textbox', { name: 'Value' }).fill('abc');
  await expect(page.locator('output')).toHaveText('0x938da798 (2475534232)'); // crc32c of "abc" as JSON
  await storeItem(page, 'precious', 'abc');
  const precious = row(page, 'Stored items and their checksums', 'precious');
  await expect(precious.getByText('Live')).toBeVisible();
  await precious.getByRole('button', { name: 'Corrupt' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Corruption detected' })).toBeVisible();
  await expect(precious.getByText('Corrupted')).toBeVisible();
  await page.reload();
  await expect(precious.getByText('Corrupted')).toBeVisible();
  await expect(precious.getByText('absent')).toBeVisible();
  await context.close();
});

test('the storage pages, with items in every state, pass axe in English and in dark Arabic', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await newPage(context);
  await page.goto(server.url('/modules/storage/expiry'));
  await page.getByLabel('Seconds to live').fill('1');
  await storeItem(page, 'short', 'lived');
  await page.getByLabel('Seconds to live').fill('600');
  await storeItem(page, 'long', 'lived');
  await page.goto(server.url('/modules/storage/checksum'));
  await storeItem(page, 'damaged', 'soon');
  await row(page, 'Stored items and their checksums', 'damaged')
    .getByRole('button', { name: 'Corrupt' })
    .click();
  await page.goto(server.url('/modules/storage/snapshot'));
  await storeItem(page, 'gone', 'removed');
  await row(page, 'On this device', 'gone').getByRole('button', { name: 'Remove' }).click();

  for (const cookies of [{ i18n_redirected: 'en' }, { i18n_redirected: 'ar', 'color-scheme': 'dark' }]) {
    await context.addCookies(
      Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url() })),
    );
    for (const path of [
      '/modules/storage/expiry',
      '/modules/storage/checksum',
      '/modules/storage/snapshot',
    ]) {
      await page.goto(server.url(path));
      await expect(page.locator('main table').first()).toBeVisible();
      expect({ path, problems: await seriousAxeViolations(page) }).toEqual({ path, problems: [] });
    }
  }
  await context.close();
});
