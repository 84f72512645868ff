// The data owners' console in Chromium, against a server of its own with an admin and a user: the
// admin imports a CSV whose dry run lists exactly its bad rows, applies the fixed file, and a user
// searching in another browser finds the records once the index is rebuilt and loses them again
// after the undo; the user gets no console and 403 from the admin API. (Without a WebSocket endpoint,
// the default, an open search page learns of a new index when it searches again: spec §7.) The
// apply is answered as by a server process that did not check the file, which the console survives.
import type { Browser, Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server-process';
import { seriousAxeViolations } from './axe';
import { collectPageErrors } from './console';
import { expect as baseExpect, retryOnReset, test } from './test';

const ada = { email: 'ada@example.test', password: 'a long enough password', role: 'admin' };
const rex = { email: 'rex@example.test', password: 'a long enough password' };

// Every property the countries source searches or filters, as the demo data has them.
const header =
  'code,name,officialName,capital,altSpellings,translations,codes,region,subregion,languages,borders,area';
const [alpha, gamma, delta, epsilon] = [
  'ZQA,Zanquor Alpha,Republic of Zanquor Alpha,Zed,ZA,Zanquor A,ZQA,Europe,Western Europe,fra,FRA,100',
  'ZQC,Zanquor Gamma,Republic of Zanquor Gamma,Zed,ZC,Zanquor C,ZQC,Asia,Eastern Asia,fra,FRA,5',
  'ZQD,Zanquor Delta,Republic of Zanquor Delta,Zed,ZD,Zanquor D,ZQD,Asia,Eastern Asia,fra,FRA,7',
  'ZQE,Zanquor Epsilon,Republic of Zanquor Epsilon,Zed,ZE,Zanquor E,ZQE,Asia,Eastern Asia,fra,FRA,500',
];
/** Lines 3, 5 and 6 are wrong: no title, a negative rank, a missing field. */
const badCsv = [
  header,
  alpha,
  'ZQB,,Republic of B,Zed,ZB,Zanquor B,ZQB,Europe,Western Europe,fra,FRA,200',
  gamma,
  'ZQF,Zanquor Phi,Republic of Zanquor Phi,Zed,ZF,Zanquor F,ZQF,Asia,Eastern Asia,fra,FRA,-5',
  'ZQG,Zanquor Eta',
  epsilon,
];
const fixedCsv = [header, alpha, gamma, delta, epsilon];

// Sign-in runs scrypt and index builds run in a worker thread; on a busy machine a step takes seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

let server: TestServer;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer({ users: [ada, rex] });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signedInPage(browser: Browser, user: { email: string; password: string }, path: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(server.url(`/modules/auth/login?callbackUrl=${encodeURIComponent(path)}`));
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(server.url(path));
  return page;
}

const csvFile = (lines: string[]) => ({
  name: 'zanquor.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\n')}\n`),
});

/** Waits until the countries index holds the last change (the admin API's staleness flag). */
async function untilIndexUpToDate(admin: Page) {
  await expect
    .poll(async () => {
      const answer = await admin.request.get(server.url('/api/admin/sources'), retryOnReset);
      const sources = (await answer.json()) as { name: string; stale: boolean }[];
      return sources.find((source) => source.name === 'countries')?.stale;
    })
    .toBe(false);
}

async function expectNoAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test('an import checked, applied and undone reaches a searching user; a user gets no console', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, ada, '/home');
  const adminErrors = collectPageErrors(admin);
  // First records through the API (as the import CLI sends it), so the user searches a built index
  // large enough for the import's changes to travel as a delta segment (ADR 020).
  const fillers = Array.from({ length: 24 }, (_, i) => {
    const code = `B${String.fromCharCode(65 + i)}S`;
    return `${code},Basel Land ${i + 1},Basel Land,Liestal,BL,Basel,${code},Europe,Western Europe,deu,CHE,518`;
  });
  const seeded = await admin.request.post(
    server.url('/api/admin/sources/countries/imports?format=csv&apply=merge'),
    {
      headers: { Origin: new URL(server.url()).origin, 'Content-Type': 'text/csv' },
      data: `${[header, ...fillers].join('\n')}\n`,
      ...retryOnReset,
    },
  );
  expect(seeded.status()).toBe(200);
  await untilIndexUpToDate(admin);

  const reader = await signedInPage(browser, rex, '/search?s=zanquor');
  const readerErrors = collectPageErrors(reader);
  const countryDownloads: string[] = [];
  reader.on('request', (request) => {
    if (/\/api\/index\/countries\/\d+$/.test(request.url())) countryDownloads.push(request.url());
  });
  /**
   * After a change, the reader downloads only the delta segment on top of the artifact it has. The
   * artifact, kept on the device, is searched while the delta downloads: once the records are gone
   * the page can show no results before the delta that removes them is applied.
   */
  async function expectOnlyTheDeltaDownloaded(since: number) {
    const deltaCrc32c = () =>
      reader.evaluate(() => window.siftSearch?.state().sources.countries?.deltaCrc32c);
    await expect.poll(deltaCrc32c).toEqual(expect.any(Number));
    expect(countryDownloads.slice(since)).toEqual([
      server.url(`/api/index/countries/${await deltaCrc32c()}`),
    ]);
  }
  const results = reader.getByRole('option', { name: /Zanquor/ });

  // A user: no console in the drawer, a 403 page at /admin, 403 from the API.
  const drawer = reader.getByRole('navigation', { name: 'Main navigation' });
  await expect(drawer.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Admin console' })).toHaveCount(0);
  for (const [method, path] of [
    ['GET', '/api/admin/sources'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/audit'],
    ['POST', '/api/admin/sources/countries/rebuild'],
    ['POST', '/api/admin/sources/countries/undo-import'],
  ] as const) {
    const response = await reader.request.fetch(server.url(path), {
      method,
      headers: { Origin: new URL(server.url()).origin },
      ...retryOnReset,
    });
    expect(response.status(), `${method} ${path}`).toBe(403);
  }
  await expect(reader.getByText('No results for “zanquor”')).toBeVisible();
  await expect(results).toHaveCount(0);

  await admin
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Admin console' })
    .click();
  const countries = admin.getByRole('region', { name: 'countries' });
  await expect(countries.getByText('Index up to date')).toBeVisible();
  await expectNoAxeViolations(admin);

  // The dry run of the bad file lists exactly its three bad rows, with reasons, and the download.
  await admin.getByRole('tab', { name: 'Import' }).click();
  await admin.locator('input[type="file"]').setInputFiles(csvFile(badCsv));
  await admin.getByRole('button', { name: 'Upload and check' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: '3 of 6 records were rejected' })).toBeVisible();
  const rejections = admin.getByRole('table', { name: 'Rejected records' }).getByRole('row');
  await expect(rejections).toHaveText([
    /Line\s*Reasons/,
    /^3.*"name" \(the title\) must be a non-empty string/,
    /^5.*"area" must be a number ≥ 0/,
    /^6.*has 2 fields, the header has 12/,
  ]);
  await expect(admin.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Download the rejected records' }).click(),
  ]);
  const downloaded = await (await download.createReadStream()).toArray();
  expect(
    Buffer.concat(downloaded)
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[0]),
  ).toEqual(['line', '3', '5', '6']);
  await expectNoAxeViolations(admin);

  // The fixed file: clean, merged into the source.
  await admin.getByRole('button', { name: 'Choose another file' }).click();
  await admin.locator('input[type="file"]').setInputFiles(csvFile(fixedCsv));
  await admin.getByRole('button', { name: 'Upload and check' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'All 4 records are valid' })).toBeVisible();
  await expect(admin.getByRole('radio', { name: /^Merge/ })).toBeChecked();
  // As from another server process than the one that checked the file (several behind one
  // address): it holds no such upload, so the console sends the file again, checked and applied.
  await admin.route(
    '**/api/admin/imports/*',
    (route) =>
      route.fulfill({
        status: 404,
        json: { error: { code: 'unknown_import', message: 'No checked upload has this id.' } },
      }),
    { times: 1 },
  );
  await admin.getByRole('button', { name: 'Apply' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Applied: 4 added' })).toBeVisible();
  const refused = adminErrors.findIndex((error) => error.includes('404'));
  expect(refused, 'the first apply was answered 404').toBeGreaterThanOrEqual(0);
  adminErrors.splice(refused, 1);

  // The user's search shows them once the index is rebuilt.
  await untilIndexUpToDate(admin);
  let downloadsBefore = countryDownloads.length;
  await reader.reload();
  await expect(results).toHaveCount(4);
  await expectOnlyTheDeltaDownloaded(downloadsBefore);

  // Undo: the records leave the user's search again.
  await admin.getByRole('button', { name: 'Undo last import' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Undo last import' }).click();
  await expect(
    admin.getByRole('status').filter({ hasText: 'Undone: 0 documents restored, 4 removed' }),
  ).toBeVisible();
  await untilIndexUpToDate(admin);
  downloadsBefore = countryDownloads.length;
  await reader.reload();
  await expect(reader.getByText('No results for “zanquor”')).toBeVisible();
  await expect(results).toHaveCount(0);
  await expectOnlyTheDeltaDownloaded(downloadsBefore);

  // The audit log names who did each step, newest first.
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const audit = admin.getByRole('table', { name: 'Audit log' }).getByRole('row');
  await expect(audit.nth(1)).toContainText('import.undo');
  await expect(audit.nth(2)).toContainText('import.apply');
  await expect(audit.nth(2)).toContainText(ada.email);
  await expectNoAxeViolations(admin);

  // People: both accounts; the user's role offered for change.
  await admin.getByRole('tab', { name: 'People' }).click();
  await expect(admin.getByRole('table', { name: 'People' }).getByText(rex.email)).toBeVisible();
  await expectNoAxeViolations(admin);

  // The user's own console page is refused.
  await reader.goto(server.url('/admin'));
  await expect(reader.getByText('Forbidden: /admin', { exact: true })).toBeVisible();
  expect(adminErrors).toEqual([]);
  expect(readerErrors.filter((e) => !e.includes('403'))).toEqual([]);
});
