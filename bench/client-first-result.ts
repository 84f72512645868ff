// A signed-in visitor's search in Chromium against a running server: the time from navigating to
// /search?s=<query> to its first live result on screen, cold (nothing cached on the device; a large
// source's first results come from its head segment, ADR 023) with the time until the whole index
// is loaded, and warm (a new page once the worker has kept its copy of the index, which it does
// after the first search). No consent to preferences, so no start snapshot paints first. Warm, also
// the time from the search worker's start (it reads the cached indexes first thing) to that result:
// what the device's copy costs beyond the app's own start. Needs a built client served by the
// server (STATIC_DIR).
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '#tests/support/chromium';
import { artifactKept } from '../tests/e2e/artifact-cache';
import { decideConsent } from '../tests/e2e/consent';
import { observePage } from './page-observer';

export interface BenchUser {
  email: string;
  password: string;
}

/** A page of a new context of `browser`, signed in at `origin`, observed by page-observer.ts. */
export async function signedInPage(browser: Browser, origin: string, user: BenchUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await decideConsent(context, origin, []);
  await context.addInitScript(observePage);
  const page = await context.newPage();
  await page.goto(`${origin}/modules/auth/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${origin}/`);
  return page;
}

/**
 * Opens /search?s=`query` as a new document of `page`: the time to its first live result, and from
 * the search worker's start to it.
 */
export async function searchStart(page: Page, origin: string, query: string) {
  await page.goto('about:blank');
  await page.goto(`${origin}/search?s=${encodeURIComponent(query)}`);
  await page.waitForFunction(() => window.benchLiveResultMs !== undefined, null, { timeout: 300_000 });
  const [pageOrigin, shownMs] = await page.evaluate(() => [
    performance.timeOrigin,
    window.benchLiveResultMs!,
  ]);
  const worker = page.workers().find((w) => w.url().includes('search.worker'));
  const workerOrigin = await worker!.evaluate(() => performance.timeOrigin);
  return { ms: Math.round(shownMs!), fromWorkerStartMs: Math.round(pageOrigin! + shownMs! - workerOrigin) };
}

/** The time from the navigation of `page`'s document until no index is loading any more. */
export async function untilLoaded(page: Page): Promise<number> {
  await page.waitForFunction(
    () => !document.querySelector('#root [role="status"] [role="progressbar"]'),
    null,
    {
      timeout: 300_000,
    },
  );
  return Math.round(await page.evaluate(() => performance.now()));
}

/** Waits until the search worker has kept its copy of `source`'s index (it does so after its first search). */
export async function untilKept(page: Page, source: string): Promise<void> {
  for (const started = Date.now(); !(await artifactKept(page, source)); ) {
    if (Date.now() - started > 60_000) throw new Error(`The worker kept no copy of the ${source} index`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Cold, a search for `coldQuery` (a well-known record's name, which a head segment holds), and
 * the whole index loaded; warm, a search for `warmQuery`.
 */
export async function clientFirstResult(
  origin: string,
  user: BenchUser,
  source: string,
  { coldQuery, warmQuery }: { coldQuery: string; warmQuery: string },
): Promise<{ coldMs: number; coldLoadedMs: number; warmMs: number; warmFromWorkerStartMs: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const page = await signedInPage(browser, origin, user);
    const cold = await searchStart(page, origin, coldQuery);
    const coldLoadedMs = await untilLoaded(page);
    await untilKept(page, source);
    const warm = await searchStart(page, origin, warmQuery);
    return { coldMs: cold.ms, coldLoadedMs, warmMs: warm.ms, warmFromWorkerStartMs: warm.fromWorkerStartMs };
  } finally {
    await browser.close();
  }
}
