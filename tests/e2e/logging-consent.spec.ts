import type { Page, Request } from '@playwright/test';
import type { ClientLogEntry, StoredClientLog } from '#shared/client-log';
import { decideConsent } from './consent';
import { untilStartupPreloaded } from './startup';
import { expect as baseExpect, retryOnReset, test } from './test';

// A fresh server seeds and indexes the demo data during its first minute or so, and PGlite answers
// nothing else meanwhile: the first tests get more time.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const LOG_ENDPOINT = '/api/send-log-to-gcp';

/** Every log entry the page posts (fetch or sendBeacon), parsed. */
function collectLogPosts(page: Page): ClientLogEntry[] {
  const entries: ClientLogEntry[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(LOG_ENDPOINT)) return;
    const body = JSON.parse(request.postData() ?? 'null') as ClientLogEntry | ClientLogEntry[];
    entries.push(...(Array.isArray(body) ? body : [body]));
  });
  return entries;
}

async function storedEntries(page: Page, instanceId: string): Promise<StoredClientLog[]> {
  const response = await page.request.get(`/api/client-logs?instance=${instanceId}&limit=100`, retryOnReset);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { entries: StoredClientLog[] }).entries;
}

/** A form field by its exact label (MUI marks required ones with an asterisk hidden from the name). */
function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

function details(entry: StoredClientLog) {
  return typeof entry.message === 'string' ? undefined : entry.message;
}

/** Opens the logger example, ready to go offline. */
async function openBeforeGoingOffline(page: Page) {
  await page.goto('/modules/logging/example');
  await expect(field(page, 'Message')).toBeVisible();
  await untilStartupPreloaded(page);
}

test.describe('client error logging', () => {
  test.beforeEach(async ({ context, baseURL }) => decideConsent(context, baseURL!));

  test('errors of each kind on /errorTest arrive at the server with their stack', async ({ page }) => {
    const posted = collectLogPosts(page);
    await page.goto('/errorTest');
    const activity = page.getByRole('list', { name: 'Logger activity' });

    await page.getByRole('button', { name: 'Break a component' }).click();
    await expect(
      page.getByText(/^A component failed to render: Render error raised on purpose/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Throw in a click handler' }).click();
    await page.getByRole('button', { name: 'Reject a promise' }).click();
    await page.getByRole('button', { name: 'Call the failing endpoint' }).click();
    await expect(page.getByText(/^The server answered 500:/)).toBeVisible();

    await expect(activity.getByRole('listitem')).toHaveCount(4);
    await expect(activity.getByText('Sent to the server')).toHaveCount(4);

    const instanceId = posted[0]?.instanceId;
    expect(instanceId).toMatch(/^[0-9a-f]{32}$/);
    const stored = await storedEntries(page, instanceId!);
    const byGroup = new Map(stored.map((entry) => [entry.group, entry]));
    for (const [group, expected] of [
      ['react-caught', 'Render error raised on purpose by /errorTest'],
      ['window-error', 'Event-handler error raised on purpose by /errorTest'],
      ['unhandled-rejection', 'Promise rejected on purpose by /errorTest'],
      ['app', 'GET /api/error-test answered 500'],
    ] as const) {
      const entry = byGroup.get(group);
      expect(entry, group).toBeDefined();
      expect(entry!.severity).toBe('ERROR');
      const error = details(entry!)?.error;
      expect(error?.message).toContain(expected);
      expect(error?.stack, `${group} stack`).toMatch(/error-test|errorTest|assets\//);
    }
    expect(details(byGroup.get('react-caught')!)?.error?.componentStack).toBeTruthy();
  });

  test('/throw_error and /error_{comment} are logged as route errors with their stack', async ({ page }) => {
    const posted = collectLogPosts(page);
    await page.goto('/throw_error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    await expect.poll(() => posted.length).toBeGreaterThan(0);
    await page.goto('/error_logged%20comment');
    await expect(page.getByText('logged comment', { exact: true })).toBeVisible();
    await expect.poll(() => posted.length).toBe(2);

    const [thrown, commented] = posted;
    expect(thrown!.logObject.metadata).toMatchObject({ severity: 'ERROR', group: 'react-caught' });
    const comment = commented!.logObject.message;
    expect(commented!.logObject.metadata).toMatchObject({ severity: 'ERROR', group: 'route-error' });
    expect(typeof comment !== 'string' && comment.error).toMatchObject({
      name: 'AppError',
      message: 'logged comment',
      statusCode: 500,
      stack: expect.stringContaining('AppError'),
    });
    const stored = await storedEntries(page, commented!.instanceId!);
    expect(stored.map((entry) => entry.group)).toEqual(['route-error']);
  });

  test('a 404 is not logged', async ({ page }) => {
    const posted = collectLogPosts(page);
    await page.clock.install();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /no/such/page');
    // Every batch delay and retry of the logger runs out (an error page is logged within 1 s).
    await page.clock.runFor(60_000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(posted).toEqual([]);
  });

  test('the logging example writes entries, throttles repeats and shows what the server stored', async ({
    page,
  }) => {
    await page.goto('/modules/logging/example');
    await expect(page.getByText(/sends entries of severity WARNING and worse/)).toBeVisible();
    const written = page.getByRole('list', { name: 'Logger activity' });
    const stored = page.getByRole('table', { name: 'Stored on the server' });

    await page.getByRole('button', { name: 'One of each severity' }).click();
    await expect(written.getByText('Below the threshold: not sent')).toHaveCount(4);
    await expect(written.getByText('Sent to the server')).toHaveCount(5);
    for (const severity of ['WARNING', 'ERROR', 'CRITICAL', 'ALERT', 'EMERGENCY']) {
      await expect(stored.getByText(`Example entry at ${severity}`)).toBeVisible();
    }
    await expect(stored.getByText('Example entry at INFO')).toHaveCount(0);

    await page.getByRole('button', { name: 'Repeat 8 times' }).click();
    await expect(stored.getByText('The same warning, again and again (repeated 3 times)')).toBeVisible();
    await expect(stored.getByText('The same warning, again and again', { exact: true })).toHaveCount(5);
  });

  test('entries wait in a queue while offline and go out when the connection returns', async ({
    page,
    context,
  }) => {
    await openBeforeGoingOffline(page);
    await context.setOffline(true);
    await field(page, 'Message').fill('written while offline');
    await page.getByRole('button', { name: 'Write entry' }).click();
    const written = page.getByRole('list', { name: 'Logger activity' });
    await expect(written.getByText('Queued until the connection returns')).toBeVisible();
    await context.setOffline(false);
    await expect(written.getByText('Sent to the server')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Stored on the server' }).getByText('written while offline'),
    ).toBeVisible();
  });

  test('entries written offline in a tab that is then hidden for good are sent by the next page', async ({
    page,
    context,
  }) => {
    // Another tab of the site: Playwright's in-memory profile drops an origin's storage once no tab
    // of it is open (a real profile keeps it on disk).
    const next = await context.newPage();
    await next.goto('/healthz');
    await openBeforeGoingOffline(page);
    await context.setOffline(true);
    await field(page, 'Message').fill('left behind offline');
    await page.getByRole('button', { name: 'Write entry' }).click();
    await expect(page.getByText('Queued until the connection returns')).toBeVisible();
    // The tab goes to the background, as before it is closed (headless tabs never hide by themselves).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // Seen from the other tab: stored by the browser, not only in the closing tab's renderer.
    const pending = () => next.evaluate(() => localStorage.getItem('sift-logs:pending'));
    await expect.poll(pending).toContain('left behind offline');
    const instanceId = (JSON.parse((await pending())!) as ClientLogEntry[])[0]!.instanceId!;

    // Chromium lifts the emulated offline state as it closes a page, and that page would then send
    // the entries itself: the closing tab stays offline, as a real one does.
    await page.evaluate(() => Object.defineProperty(navigator, 'onLine', { value: false }));
    await page.close();
    expect(await pending()).toContain('left behind offline');
    await context.setOffline(false);
    await next.goto('/about');
    await expect
      .poll(async () => (await storedEntries(next, instanceId)).map((entry) => entry.message))
      .toContain('left behind offline');
    expect(await pending()).toBeNull();
  });

  test('entries still queued when the page is left go out with sendBeacon', async ({ page }) => {
    const posted = collectLogPosts(page);
    await page.goto('/modules/logging/example');
    await page.getByRole('button', { name: 'Write entry' }).click();
    await expect.poll(() => posted.length).toBe(1);
    await field(page, 'Message').fill('sent while leaving');
    await page.getByRole('button', { name: 'Write entry' }).click();
    await page.goto('/about');
    const instanceId = posted[0]!.instanceId!;
    await expect
      .poll(async () => (await storedEntries(page, instanceId)).map((entry) => entry.message))
      .toContain('sent while leaving');
  });
});

test.describe('cookie consent', () => {
  test('the choice persists, gates optional storage, and withdrawing it deletes what was stored', async ({
    page,
    context,
  }) => {
    await page.goto('/contact');
    // Something a preferences feature wrote earlier, to see it go when preferences are refused.
    await page.evaluate(() =>
      localStorage.setItem('gap-search:selectedFilterOptions', '{"region":["Europe"]}'),
    );
    const banner = page.getByRole('region', { name: 'Cookies and storage on this device' });
    await expect(banner).toBeVisible();
    const remember = page.getByRole('checkbox', { name: 'Remember my name and email on this device' });
    await expect(remember).toBeDisabled();

    await banner.getByRole('button', { name: 'Necessary only' }).click();
    await expect(banner).toBeHidden();
    const consent = async () => {
      const cookie = (await context.cookies()).find((c) => c.name === 'sift_consent');
      return cookie && JSON.parse(decodeURIComponent(cookie.value));
    };
    expect(await consent()).toMatchObject({ revision: 1, allowed: [] });
    expect(await page.evaluate(() => localStorage.getItem('gap-search:selectedFilterOptions'))).toBeNull();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
    await expect(banner).toHaveCount(0);
    await sendContactMessage(page);
    expect(await page.evaluate(() => localStorage.getItem('sift:contact-sender'))).toBeNull();

    await page.goto('/CookieConsent/settings');
    await expect(page.getByText(/^Your current choice was saved on/)).toBeVisible();
    const preferences = page.getByRole('switch', { name: 'Preferences' });
    await expect(preferences).not.toBeChecked();
    await preferences.check();
    await page.getByRole('button', { name: 'Save my choices' }).click();
    await expect(page.getByText(/^Your choices are saved/)).toBeVisible();
    expect(await consent()).toMatchObject({ allowed: ['preferences'] });

    await page.goto('/contact');
    await remember.check();
    await sendContactMessage(page);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('sift:contact-sender')))!)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    await page.reload();
    await expect(field(page, 'Name')).toHaveValue('Ada Lovelace');
    await expect(field(page, 'Email')).toHaveValue('ada@example.com');

    await page.goto('/CookieConsent/settings');
    await expect(preferences).toBeChecked();
    await page.getByRole('button', { name: 'Necessary only' }).click();
    await expect(preferences).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('sift:contact-sender'))).toBeNull();
  });

  test('a choice made in one tab hides the banner in the others at once', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/home');
    await second.goto('/about');
    const bannerIn = (page: Page) => page.getByRole('region', { name: 'Cookies and storage on this device' });
    await expect(bannerIn(second)).toBeVisible();
    await bannerIn(first).getByRole('button', { name: 'Accept all' }).click();
    await expect(bannerIn(first)).toHaveCount(0);
    await expect(bannerIn(second)).toHaveCount(0);
  });

  test("a first visit that loses the connection before the banner's code arrives keeps its page, and the banner comes with the connection", async ({
    page,
    context,
  }) => {
    // Offline on a first visit, before the service worker holds the app: the chunk cannot be had.
    const chunk = /\/assets\/consent-banner-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort('internetdisconnected'));
    const refused = page.waitForEvent('requestfailed', (request) => chunk.test(request.url()));
    await page.goto('/contact');
    await refused;
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Cookies and storage on this device' });
    await expect(banner).toHaveCount(0);

    await page.unroute(chunk);
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(banner).toBeVisible();
    await field(page, 'Name').fill('still here');
  });
});

async function sendContactMessage(page: Page) {
  await field(page, 'Name').fill('Ada Lovelace');
  await field(page, 'Email').fill('ada@example.com');
  await field(page, 'Subject').fill('Historical names');
  await field(page, 'Message').fill('Could the search also find historical city names?');
  const response = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await response).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  await expect(page.getByText(/^Reference: [0-9A-F]{8}$/)).toBeVisible();
}

test.describe('contact form', () => {
  test.beforeEach(async ({ context, baseURL }) => decideConsent(context, baseURL!));

  test('validates each field as the server does, then confirms the stored message', async ({ page }) => {
    await page.goto('/contact');
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posts += 1;
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(4);
    await expect(field(page, 'Name')).toBeFocused();

    await field(page, 'Name').fill('Ada Lovelace');
    await field(page, 'Email').fill('ada@');
    await field(page, 'Subject').fill('Hello');
    await field(page, 'Message').fill('too short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('You must enter a minimum of 10 characters')).toBeVisible();
    await expect(page.getByText('This field is required')).toHaveCount(0);
    expect(posts).toBe(0);

    await field(page, 'Email').fill('ada@example.com');
    await expect(page.getByText('Please enter a valid email')).toHaveCount(0);
    await sendContactMessage(page);
    await expect(
      page.getByText('Thank you, Ada Lovelace. Your message “Historical names” has reached us'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Write another message' }).click();
    await expect(field(page, 'Subject')).toHaveValue('');
  });

  test('shows the error messages in the chosen language', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: baseURL! }]);
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByText('Ce champ est obligatoire').first()).toBeVisible();
  });
});
