// The key-value store and its backup as users meet them, against a server of its own with one
// account: an item set in one browser syncs to a second browser of the same user, signing out takes
// the user's items off the device (the next sign-in restores them) and asks first when the backup
// lacks some, and items stored while signed out join the account only when the person signing in
// says so. storage-device.spec.ts has the rest.
import type { Browser, Page } from '@playwright/test';
import { seriousAxeViolations } from './axe';
import { collectPageErrors } from './console';
import { expect, faded, row, storageServer, storeItem } from './storage-support';
import { retryOnReset, test } from './test';

const server = storageServer();
const { newPage, signInTo } = server;
const snapshotPage = '/modules/storage/snapshot';

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
  // The page's read of the backup that the sign-out's sync sets off is answered only once the
  // sign-out has been: it would meet the ended session, as it may on a loaded server.
  let synced = false;
  let signedOut = () => {};
  const afterSignOut = new Promise<void>((resolve) => {
    signedOut = resolve;
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/signout') signedOut();
  });
  await page.route(/\/api\/backup\?/, async (route) => {
    if (route.request().method() === 'POST') synced = true;
    if (route.request().method() !== 'GET' || !synced) return route.fallback();
    await afterSignOut;
    await route.continue().catch(() => {}); // dropped by the page meanwhile
  });
  // Nor does an automatic backup sync (after a change, on the timer, on reconnecting) start while
  // the session is being ended: the connection comes back while the sign-out's request is out.
  await page.route('**/api/auth/signout', async (route) => {
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await route.continue();
  });
  // Signed out at once: the item reaches the backup through the sign-out's own sync.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('Not signed in', { exact: true })).toBeVisible();
  await expect.poll(() => storedOnDevice(page)).not.toContain('a note of ann');
  // No backup request meets the ended session (no 401 in the console).
  expect(errors).toEqual([]);

  await page.unrouteAll();
  await signInTo(page, '/modules/storage/snapshot');
  await expect(row(page, 'On this device', 'leaves-with-ann')).toContainText('a note of ann');
  expect(await storedOnDevice(page)).toContain('a note of ann');
  await context.close();
});

test('signing out asks before deleting items the backup refused: staying keeps them, confirming deletes them', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await newPage(context);
  await signInTo(page, snapshotPage);
  await expect(page.getByText('Signed in', { exact: true })).toBeVisible();
  // The server refuses every backup from now on, as it does one that grew too large.
  await page.route(/\/api\/backup\?/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 413,
          json: { error: { code: 'too_large', message: 'The snapshot is too large.' } },
        })
      : route.fallback(),
  );
  // The change's own sync (2 s after it) is refused before the sign-out: none is due after it, to
  // change the page behind the dialog (its sync button, its notice) while axe reads it.
  const changeRefused = page.waitForResponse(
    (response) =>
      response.url().includes('/api/backup?') &&
      response.request().method() === 'POST' &&
      (response.request().postData() ?? '').includes('never-backed-up'),
  );
  await storeItem(page, 'never-backed-up', 'only on this device');
  await changeRefused;
  const dialog = page.getByRole('dialog', { name: 'One item is not backed up' });

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(dialog).toContainText('The server refused the backup: The snapshot is too large.');
  // The refusal notice does not repeat the dialog's reason beside it.
  await expect(page.getByText('Your items could not be backed up', { exact: false })).toBeHidden();
  await faded(dialog);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Signed in', { exact: true })).toBeVisible();
  await expect(row(page, 'On this device', 'never-backed-up')).toContainText('only on this device');
  expect(await storedOnDevice(page)).toContain('only on this device');

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await dialog.getByRole('button', { name: 'Sign out and delete it' }).click();
  await expect(page.getByText('Not signed in', { exact: true })).toBeVisible();
  await expect.poll(() => storedOnDevice(page)).not.toContain('only on this device');
  await context.close();
});

/** Every item on the device, of every owner, as the IndexedDB holds them. */
function storedOnDevice(page: Page): Promise<string> {
  return page.evaluate(
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
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('Not signed in', { exact: true })).toBeVisible();
}

/** The keys in the signed-in user's server backup. */
async function backupKeys(page: Page): Promise<string[]> {
  const response = await page.request.get(server.url('/api/backup'), retryOnReset);
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
  await faded(prompt(page));
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
