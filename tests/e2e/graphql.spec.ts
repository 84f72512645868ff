// /testGraphql as a developer meets it, against a server of its own with an admin account: queries
// with their loading, data and errors; protected data refused while signed out (public lookups
// answered); the lookups kept on the device and read from it with the browser offline (an error
// logged when there is no copy); index updates arriving live after a mutation; the signed-in copy
// removed on sign-out, replaced by the public lookups.
import type { Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server-process';
import { seriousAxeViolations } from './axe';
import { collectPageErrors } from './console';
import { hydrated } from './hydration';
import { expect as baseExpect, retryOnReset, test } from './test';

const ann = { email: 'ann@example.test', password: 'correct horse battery', name: 'Ann Lee', role: 'admin' };
const lookups = [
  { id: 'country.FR', values: ['France', 'Francia', 'France', 'فرنسا'] },
  { id: 'region.Europe', values: ['Europe', 'Europa', 'Europe', 'أوروبا'] },
];

// Sign-in runs scrypt and index builds run in a worker thread; on a busy machine a step takes seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

let server: TestServer;

test.describe.configure({ mode: 'serial', timeout: 120_000 });
// The device copy of the lookups is read offline, from a page the service worker serves. A service
// worker outlives the reset of a reused context, so each test gets a context of its own.
test.use({ serviceWorkers: 'allow', reuseContext: false });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ users: [ann] });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  await page.goto(server.url(`/modules/auth/login?callbackUrl=${encodeURIComponent('/testGraphql')}`));
  await page.getByLabel('Email').fill(ann.email);
  await page.getByLabel(/^Password/).fill(ann.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(server.url('/testGraphql'));
}

/** Runs an operation with the signed-in page's bearer token, as another client would. */
async function graphqlAs(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const token = (await page.context().cookies()).find((c) => c.name === 'auth.token')?.value;
  const response = await page.request.post(server.url('/graphql'), {
    headers: { Authorization: `Bearer ${token}` },
    data: { query, variables },
    ...retryOnReset,
  });
  return response.json();
}

async function run(page: Page, preset: string) {
  await page.getByRole('button', { name: preset, exact: true }).click();
  await page.getByRole('button', { name: 'Run' }).click();
}

test('anonymous: runs public queries, public lookups included; protected ones answer UNAUTHENTICATED', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto(server.url('/testGraphql'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GraphQL');
  await expect(page.getByText('You are not signed in')).toBeVisible();
  // The demo's lookups of public sources (countries, regions, languages) load for visitors too.
  const panel = page.locator('section').filter({ hasText: 'Labels for coded values' });
  await expect(panel.getByRole('status')).toHaveText(/^[\d,]+ lookups, from the server$/);

  await run(page, 'Me');
  await expect(page.getByText('Answered')).toBeVisible();
  await expect(page.getByTestId('graphql-data')).toHaveText(/"me": null/);
  await expect(page.getByText(/^Cache key/)).toContainText(/[0-9a-z]{10}/);

  await page.getByRole('button', { name: 'An item', exact: true }).click();
  await page.getByLabel('Variables (JSON)').fill('{ "dataSource": "cities", "key": "2988507" }');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByText('1 error')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Sign in to read the "cities" data source.' }),
  ).toContainText('UNAUTHENTICATED');
  await expect(page.getByTestId('graphql-data')).toHaveText(/"item": null|No data/);

  // The editor runs any text, and shows what the server refused.
  await page.getByLabel('Query').fill('{ nothing }');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'GRAPHQL_VALIDATION_FAILED' })).toBeVisible();
  // Answers with errors are shown, not thrown: nothing else went wrong on the page.
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});

test('signed in: lookups come from the server, then from the device copy while offline', async ({
  page,
  context,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page);
  expect(
    await graphqlAs(
      page,
      'mutation ($rows: [LookupInput!]!) { upsertLookups(lookups: $rows) { upserted } }',
      {
        rows: lookups,
      },
    ),
  ).toEqual({ data: { upsertLookups: { upserted: 2 } } });
  // Once the service worker controls the page, a reload keeps the shell, config and texts for offline use.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
  await page.reload();

  const panel = page.locator('section').filter({ hasText: 'Labels for coded values' });
  await expect(panel.getByRole('status')).toHaveText('2 lookups, from the server');
  await expect(panel.getByRole('cell', { name: 'France', exact: true })).toBeVisible();
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('lookups') ?? 'null'));
  expect(await stored()).toEqual(lookups);

  await context.setOffline(true);
  await panel.getByRole('button', { name: 'Load again' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    '2 lookups, from the copy on this device (the server cannot be reached)',
  );
  await expect(panel.getByRole('cell', { name: 'Europe', exact: true })).toBeVisible();
  // The failed request is a data-query error: it went to the console (and the logger).
  expect(errors.some((e) => e.includes('[graphql] Lookups failed'))).toBe(true);

  // Opened offline, the page keeps the session this device remembered, and with it the copy.
  await page.reload();
  await expect(panel.getByRole('status')).toHaveText(
    '2 lookups, from the copy on this device (the server cannot be reached)',
  );
  expect(await stored()).toEqual(lookups);
  await context.setOffline(false);

  // The server unreachable and no copy on the device: the panel says so and the error is logged.
  await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
  await page.evaluate(() => localStorage.removeItem('lookups'));
  await page.reload();
  await expect(panel.getByRole('alert')).toHaveText(
    'No lookups: the server cannot be reached and this device has no copy.',
  );
  expect(errors.some((e) => e.includes('No lookups in the network or in local storage'))).toBe(true);

  await page.unroute('**/graphql');
  await panel.getByRole('button', { name: 'Load again' }).click();
  await expect(panel.getByRole('status')).toHaveText('2 lookups, from the server');
  expect(await stored()).toEqual(lookups);
});

test('index updates arrive live after an admin changes documents', async ({ page }) => {
  await signIn(page);
  const updates = page.locator('section').filter({ hasText: 'Each search index the server rebuilds' });
  await updates.getByRole('button', { name: 'Start' }).click();
  await expect(updates.getByTestId('subscription-state')).toHaveText('Listening · Server-sent events');

  await page
    .getByLabel('Query')
    .fill(
      'mutation ($docs: [JSON!]!) { upsertDocuments(dataSource: "countries", documents: $docs) { inserted reindexing } }',
    );
  await page
    .getByLabel('Variables (JSON)')
    .fill(JSON.stringify({ docs: [{ code: 'ZZZ', name: 'Zedland' }] }));
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('graphql-data')).toHaveText(/"reindexing": true/);

  const event = updates.getByRole('list', { name: 'Index updates received' }).getByRole('listitem');
  await expect(event).toHaveCount(1);
  await expect(event).toContainText('countries');
  const { data } = await graphqlAs(
    page,
    '{ dataSource(name: "countries") { index { crc32c documentCount } } }',
  );
  expect(data.dataSource.index.documentCount).toBe(1);
  await expect(event).toContainText(`crc32c ${data.dataSource.index.crc32c}`);

  await updates.getByRole('button', { name: 'Stop' }).click();
  await expect(updates.getByTestId('subscription-state')).toHaveText('Stopped · Server-sent events');
});

test('signing out removes the signed-in copy of the lookups; visitors get the public ones only', async ({
  page,
}) => {
  await signIn(page);
  const panel = page.locator('section').filter({ hasText: 'Labels for coded values' });
  await expect(panel.getByRole('status')).toHaveText('2 lookups, from the server');
  // Labels of a namespace only the protected cities use.
  const capital = { id: 'featureCode.PPLC', values: ['Capital', 'Capital', 'Capitale', 'عاصمة'] };
  const upsert = 'mutation ($rows: [LookupInput!]!) { upsertLookups(lookups: $rows) { upserted } }';
  expect(await graphqlAs(page, upsert, { rows: [capital] })).toEqual({
    data: { upsertLookups: { upserted: 1 } },
  });
  await panel.getByRole('button', { name: 'Load again' }).click();
  await expect(panel.getByRole('status')).toHaveText('3 lookups, from the server');

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText('2 lookups, from the server');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lookups') ?? '[]'));
  expect(stored.map((lookup: { id: string }) => lookup.id)).toEqual(['country.FR', 'region.Europe']);
});

for (const variant of [
  { name: 'English, light', cookies: { i18n_redirected: 'en' } },
  { name: 'Arabic, dark', cookies: { i18n_redirected: 'ar', 'color-scheme': 'dark' } },
]) {
  test(`${variant.name}: the page with a result and a running subscription has no serious axe violations`, async ({
    page,
    context,
  }) => {
    await context.addCookies(
      Object.entries(variant.cookies).map(([name, value]) => ({ name, value, url: server.url() })),
    );
    const missing: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('Missing translation key')) missing.push(message.text());
    });
    await page.goto(server.url('/testGraphql'));
    // A press that begins before hydration can end elsewhere: the page still moves as it hydrates.
    await hydrated(page, 'form button[type="submit"]');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByTestId('graphql-data')).toBeVisible();
    await page.locator('section').nth(2).getByRole('button').click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(missing).toEqual([]);
  });
}
