// The key-value store as users meet it, against a server of its own with one account: an item set
// in one browser syncs to a second browser of the same user, signing out takes the user's items
// off the device (the next sign-in restores them), items stored while signed out join the account
// only when the person signing in says so, a sync without a session fails with 'not
// authenticated', changes reach other tabs, items expire, and corruption is detected.
import { type Browser, type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { startServer, type TestServer } from '../support/server-process';
import { seriousAxeViolations } from './axe';
import { decideConsent } from './consent';
import { collectPageErrors } from './console';

const ann = { email: 'ann.storage@example.test', password: 'correct horse battery' };

// Sign-in runs scrypt on purpose; on a busy machine a step can take seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

let server: TestServer;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ users: [ann] });
});

test.afterAll(async () => {
  await server?.stop();
});

async function newPage(context: BrowserContext): Promise<Page> {
  await decideConsent(context, server.url());
  return context.newPage();
}

async function signInTo(page: Page, path: string) {
  await page.goto(server.url(`/modules/auth/login?${new URLSearchParams({ callbackUrl: path })}`));
  await page.getByLabel('Email').fill(ann.email);
  await page.getByLabel(/^Password/).fill(ann.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(server.url(path));
}

async function storeItem(page: Page, key: string, value: string) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Store' }) });
  await form.getByRole('textbox', { name: 'Key' }).fill(key);
  await form.getByRole('textbox', { name: 'Value' }).fill(value);
  await form.getByRole('button', { name: 'Store' }).click();
  await expect(form.getByText(`Stored “${key}”.`)).toBeVisible();
}

const row = (page: Page, table: string, key: string) =>
  page.getByRole('region', { name: table }).locator(`tr[data-key="${key}"]`);

test('an item set in one browser reaches a second browser of the same user through the backup', async ({
  browser,
}) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const pageA = await newPage(first);
  const pageB = await newPage(second);
  const errors = [...collectPageErrors(pageA), ...collectPageErrors(pageB)];
  const snapshot = '/modules/storage/snapshot';

  await signInTo(pageA, snapshot);
  await expect(pageA.getByText('Signed in', { exact: true })).toBeVisible();
  await storeItem(pageA, 'e2e-note', 'written in the first browser');
  await pageA.getByRole('button', { name: 'Sync now' }).click();
  await expect(pageA.getByRole('alert').filter({ hasText: 'Synced at' })).toBeVisible();
  await expect(row(pageA, 'In your backup', 'e2e-note')).toContainText('written in the first browser');

  // The second browser syncs on sign-in and reads the item from its own store.
  await signInTo(pageB, snapshot);
  await expect(row(pageB, 'On this device', 'e2e-note')).toContainText('written in the first browser');
  expect(await pageB.evaluate(() => indexedDB.databases().then((dbs) => dbs.map((db) => db.name)))).toContain(
    'sift-kv',
  );

  // A removal travels back the same way, and the tombstone is purged once the backup holds it.
  await row(pageB, 'On this device', 'e2e-note').getByRole('button', { name: 'Remove' }).click();
  await pageB.getByRole('button', { name: 'Sync now' }).click();
  await expect(row(pageB, 'On this device', 'e2e-note')).toHaveCount(0);
  await expect(row(pageB, 'In your backup', 'e2e-note')).toContainText('Removed');
  await pageA.getByRole('button', { name: 'Sync now' }).click();
  await expect(row(pageA, 'On this device', 'e2e-note')).toHaveCount(0);

  expect(errors).toEqual([]);
  await first.close();
  await second.close();
});

test("signing out takes the user's items off the device, after backing them up; the next sign-in brings them back", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await newPage(context);
  const errors = collectPageErrors(page);
  await signInTo(page, '/modules/storage/snapshot');
  await expect(page.getByText('Signed in', { exact: true })).toBeVisible();
  await storeItem(page, 'leaves-with-ann', 'a note of ann');
  // Signed out at once: the item reaches the backup through the sign-out's own sync.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('Not signed in', { exact: true })).toBeVisible();
  const storedOnDevice = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const opening = indexedDB.open('sift-kv');
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const read = opening.result.transaction('items').objectStore('items').getAll();
            read.onsuccess = () => {
              opening.result.close();
              resolve(JSON.stringify(read.result));
            };
          };
        }),
    );
  await expect.poll(storedOnDevice).not.toContain('a note of ann');
  // The page's backup query never meets the ended session (no 401 in the console).
  expect(errors).toEqual([]);

  await signInTo(page, '/modules/storage/snapshot');
  await expect(row(page, 'On this device', 'leaves-with-ann')).toContainText('a note of ann');
  expect(await storedOnDevice()).toContain('a note of ann');
  await context.close();
});

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('Not signed in', { exact: true })).toBeVisible();
}

/** The keys in the signed-in user's server backup. */
async function backupKeys(page: Page): Promise<string[]> {
  const response = await page.request.get(server.url('/api/backup'));
  expect(response.status()).toBe(200);
  return Object.keys(await response.json());
}

/**
 * The sync that follows sign-in (or a reload) is done: by then the prompt has shown, if it is to.
 * Behind an open prompt the page is hidden from assistive technology, so hidden roles count.
 */
async function syncedAfterSignIn(page: Page) {
  await expect(page.getByText('Signed in', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('alert', { includeHidden: true }).filter({ hasText: 'Synced at' }),
  ).toBeVisible();
}

const snapshotPage = '/modules/storage/snapshot';
const prompt = (page: Page) => page.getByRole('dialog', { name: 'Add this item to your account?' });

/** A new browser where an item was stored signed out before ann signed in. */
async function signInAfterStoringSignedOut(browser: Browser, key: string, value: string) {
  const context = await browser.newContext();
  const page = await newPage(context);
  const errors = collectPageErrors(page);
  await page.goto(server.url(snapshotPage));
  await storeItem(page, key, value);
  await signInTo(page, snapshotPage);
  return { context, page, errors };
}

test('an item stored while signed out joins the account and its backup only when the person adds it', async ({
  browser,
}) => {
  const { context, page, errors } = await signInAfterStoringSignedOut(
    browser,
    'typed-signed-out',
    'a note from before sign-in',
  );
  await expect(prompt(page)).toBeVisible();
  await expect(prompt(page).locator('li[data-key="typed-signed-out"]')).toContainText(
    'a note from before sign-in',
  );
  await expect(prompt(page)).toContainText('saved on this device while nobody was signed in');
  await syncedAfterSignIn(page);
  expect(await backupKeys(page)).not.toContain('typed-signed-out');

  // Closed unanswered, it asks again at the next page load.
  await page.keyboard.press('Escape');
  await expect(prompt(page)).toBeHidden();
  await page.reload();
  await expect(prompt(page)).toBeVisible();
  await page.evaluate(() =>
    Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
  await prompt(page).getByRole('button', { name: 'Add to my account' }).click();
  await expect(prompt(page)).toBeHidden();
  await expect(row(page, 'On this device', 'typed-signed-out')).toContainText('a note from before sign-in');
  await expect.poll(() => backupKeys(page)).toContain('typed-signed-out');

  // Answered: a reload does not ask again.
  await page.reload();
  await syncedAfterSignIn(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('items left out stay on the device for signed-out use and out of the backup; deleted ones are gone', async ({
  browser,
}) => {
  const { context, page, errors } = await signInAfterStoringSignedOut(
    browser,
    'not-for-ann',
    'someone else wrote this',
  );
  await prompt(page).getByRole('button', { name: 'Leave on this device' }).click();
  await expect(prompt(page)).toBeHidden();
  await storeItem(page, 'anns-own', 'written signed in');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(row(page, 'In your backup', 'anns-own')).toBeVisible();
  await expect(row(page, 'On this device', 'anns-own')).toBeVisible();
  await expect(row(page, 'On this device', 'not-for-ann')).toHaveCount(0);
  expect(await backupKeys(page)).not.toContain('not-for-ann');
  await page.reload();
  await syncedAfterSignIn(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);

  await signOut(page);
  await expect(row(page, 'On this device', 'not-for-ann')).toContainText('someone else wrote this');

  // The next sign-in asks again.
  await signInTo(page, snapshotPage);
  await prompt(page).getByRole('button', { name: 'Delete' }).click();
  await expect(prompt(page)).toBeHidden();
  await signOut(page);
  await expect(page.getByRole('region', { name: 'On this device' })).toContainText('Nothing stored yet.');
  await signInTo(page, snapshotPage);
  await syncedAfterSignIn(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await backupKeys(page)).not.toContain('not-for-ann');
  expect(errors).toEqual([]);
  await context.close();
});

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
