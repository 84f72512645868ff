// The installable app in Chromium. A persistent context, since incognito contexts cannot
// install: the service worker takes control, the browser finds nothing missing for
// installation, manifest and icons load, /search works offline after one online visit, and a
// new service worker version brings up the "new version" prompt.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { INSTALL_DISMISSED_KEY } from '#client/features/pwa/install-prompt-store';
import { chromiumArgs } from '#tests/support/chromium';
import { artifactKept } from './artifact-cache';
import { decideConsent } from './consent';
import { hydrated } from './hydration';
import { options } from './search-screen-support';
import { expect as baseExpect, retryOnReset, test } from './test';

// A fresh e2e server seeds the demo data and builds the indexes in the background after start.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let profile: string;
let context: BrowserContext;
let page: Page;

test.beforeAll(async () => {
  const baseURL = test.info().project.use.baseURL!;
  profile = await mkdtemp(join(tmpdir(), 'sift-pwa-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    baseURL,
    viewport: { width: 1280, height: 800 },
    // The suite blocks service workers by default; this one is about the installed app.
    serviceWorkers: 'allow',
  });
  await decideConsent(context, baseURL);
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterAll(async () => {
  await context?.close();
  await rm(profile, { recursive: true, force: true });
});

const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

test('the service worker at /sw.js activates, controls the page and says it works offline', async () => {
  await page.goto('/');
  await expect.poll(controller).toMatch(/\/sw\.js$/);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await expect(page.getByText('Ready to work offline.')).toBeVisible();
});

test('the browser reports no installability errors', async () => {
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await cdp.detach();
});

test('the manifest and every icon load', async () => {
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestResponse = await page.request.get(manifestHref!, retryOnReset);
  expect(manifestResponse.ok()).toBe(true);
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({ name: 'Sift', start_url: '/', scope: '/', display: 'standalone' });
  const icons: { src: string; sizes: string; purpose?: string }[] = manifest.icons;
  expect(icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`).sort()).toEqual([
    '192x192',
    '512x512',
    '512x512 maskable',
    '64x64',
  ]);
  const headIcons = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).getAttribute('href')!));
  expect(headIcons).toHaveLength(3); // favicon.ico, the svg logo, apple touch 180
  for (const src of [...icons.map((icon) => `/${icon.src}`), ...headIcons]) {
    const response = await page.request.get(src, retryOnReset);
    expect(response.ok(), src).toBe(true);
    expect(response.headers()['content-type'], src).toMatch(/^image\//);
    expect((await response.body()).byteLength, src).toBeGreaterThan(100);
  }
});

test('after one online visit, /search reloads and answers offline', async () => {
  await page.goto('/search');
  await expect
    .poll(() => page.evaluate(() => window.siftSearch?.state().sources.countries?.state ?? null))
    .toBe('loaded');
  await expect.poll(() => artifactKept(page, 'countries')).toBe(true);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => window.siftSearch?.state().sources.countries ?? null))
      .toMatchObject({ state: 'loaded', from: 'cache' });
    const box = page.getByRole('search').getByRole('combobox', { name: 'Search' });
    await box.fill('switz');
    await box.press('Enter');
    await expect(options(page).first()).toContainText('Switzerland');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeHidden();
});

test('a new service worker version brings up the reload prompt, and reload switches to it', async () => {
  await page.goto('/');
  await expect.poll(controller).toMatch(/\/sw\.js$/);
  // The next /sw.js the server sends is a different version, as after a deployment (the compressed
  // siblings too: the server prefers them). Restored afterwards.
  const swPath = join(process.env.STATIC_DIR ?? 'dist/client', 'sw.js');
  const original = await readFile(swPath);
  const next = Buffer.concat([original, Buffer.from('\n// next version\n')]);
  await writeFile(`${swPath}.br`, brotliCompressSync(next));
  await writeFile(`${swPath}.gz`, gzipSync(next));
  await writeFile(swPath, next);
  try {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByText('A new version is available.')).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByText('A new version is available.')).toBeHidden();
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBeFalsy();
  } finally {
    await writeFile(`${swPath}.br`, brotliCompressSync(original));
    await writeFile(`${swPath}.gz`, gzipSync(original));
    await writeFile(swPath, original);
  }
});

test('an install offer that comes before the app has started is kept and shown; dismissed, it stays hidden', async () => {
  // What Chromium fires when it finds the app installable, at a moment of its choosing (about
  // 0.2–0.5 s into a load here, sometimes before the app's modules have run). This one comes at a set
  // moment: as soon as the page's root is parsed, before any of the app's modules runs.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.getElementById('root')) return;
      observer.disconnect();
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      window.dispatchEvent(offer);
      Object.assign(window, {
        earlyOffer: { prevented: offer.defaultPrevented, kept: window.siftInstallOffer === offer },
      });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  // index.html's script (allowed by the CSP) kept it, and kept Chromium's own banner away.
  expect(await page.evaluate(() => (window as unknown as { earlyOffer: unknown }).earlyOffer)).toEqual({
    prevented: true,
    kept: true,
  });
  const prompt = page.getByRole('region', { name: 'Install Sift' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), INSTALL_DISMISSED_KEY)).toBe('true');
  await page.reload();
  await hydrated(page);
  // Offered again, after the app listens too: still hidden.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true })));
  await expect(prompt).toBeHidden();
});
