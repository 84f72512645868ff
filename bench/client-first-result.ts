// A signed-in visitor's search in Chromium against a running server: the time from navigating to
// /search?s=<query> to its first live result on screen, cold (nothing cached on the device) and
// warm (a new page once the worker has kept its copy of the index, which it does after the first
// search). No consent to preferences, so no start snapshot paints first. Warm, also the time from
// the search worker's start (it reads the cached indexes first thing) to that result: what the
// device's copy costs beyond the app's own start. Needs a built client served by the server
// (STATIC_DIR).
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

/** Waits until the search worker has kept its copy of `source`'s index (it does so after its first search). */
export async function untilKept(page: Page, source: string): Promise<void> {
  for (const started = Date.now(); !(await artifactKept(page, source)); ) {
    if (Date.now() - started > 60_000) throw new Error(`The worker kept no copy of the ${source} index`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function clientFirstResult(
  origin: string,
  user: BenchUser,
  source: string,
  query: string,
): Promise<{ coldMs: number; warmMs: number; warmFromWorkerStartMs: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const page = await signedInPage(browser, origin, user);
    const cold = await searchStart(page, origin, query);
    await untilKept(page, source);
    const warm = await searchStart(page, origin, query);
    return { coldMs: cold.ms, warmMs: warm.ms, warmFromWorkerStartMs: warm.fromWorkerStartMs };
  } finally {
    await browser.close();
  }
}
