// A large source's first results in Chromium (ADR 023): while its artifact's download is held
// back, the worker answers from the source's head segment and the loading panel says so; once the
// artifact is in, the whole index answers.
import { countryRecords } from '#server/seed/countries';
import { startServer, type TestServer } from '../support/server-process';
import { box, optionTitles } from './search-screen-support';
import { expect as baseExpect, test } from './test';

const expect = baseExpect.configure({ timeout: 30_000 });

let server: TestServer;

test.beforeAll(async () => {
  // Every demo country; the three largest by area (the source's rank) make its head.
  server = await startServer({
    documents: { countries: countryRecords() },
    env: { SEARCH_HEAD_FROM: '10', SEARCH_HEAD_DOCUMENTS: '3' },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a large source answers from its head while the rest loads, then from the whole index', async ({
  page,
}) => {
  // The checksums answer names the head; every other countries segment waits until released.
  let head: number | undefined;
  await page.route('**/api/index', async (route) => {
    const response = await route.fetch();
    const answer = await response.json();
    head = answer.countries?.head?.crc32c;
    await route.fulfill({ response, json: answer });
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/index\/countries\/\d+$/, async (route) => {
    if (!route.request().url().endsWith(`/${head}`)) await released;
    await route.continue();
  });

  await page.goto(server.url('/search?s=russia'));
  await expect.poll(() => optionTitles(page)).toEqual(['Russia']);
  const panel = page.getByRole('status').filter({ hasText: 'Getting the search data ready' });
  await expect(panel).toContainText('First results from the top 3; the rest is loading');
  expect(head).toBeDefined();

  // Not among the three: once searched, placeholders where Russia was, never "no results".
  await box(page).fill('monaco');
  await box(page).press('Enter');
  await expect(page.getByRole('heading', { name: /Results for “monaco”/ })).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /No results/ })).toHaveCount(0);

  release();
  await expect(panel).toHaveCount(0);
  await expect.poll(() => optionTitles(page)).toEqual(['Monaco']);
});
