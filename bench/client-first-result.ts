// A signed-in visitor's search in Chromium against a running server: the time from navigating to
// /search?s=<query> to its first live result on screen, cold (nothing cached on the device) and
// warm (a new page once the first visit cached the indexes). No consent to preferences, so no start
// snapshot paints first. Warm, also the time from the search worker's start (it reads the cached
// indexes first thing) to that result: what the device's copy costs beyond the app's own start.
// Needs a built client served by the server (STATIC_DIR).
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import { decideConsent } from '../tests/e2e/consent';
import { observePage } from './page-observer';

export async function clientFirstResult(
  origin: string,
  user: { email: string; password: string },
  query: string,
): Promise<{ coldMs: number; warmMs: number; warmFromWorkerStartMs: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await decideConsent(context, origin, []);
    await context.addInitScript(observePage);
    const page = await context.newPage();
    await page.goto(`${origin}/modules/auth/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${origin}/`);
    const firstResult = async () => {
      await page.goto('about:blank');
      await page.goto(`${origin}/search?s=${encodeURIComponent(query)}`);
      await page.waitForFunction(() => window.benchLiveResultMs !== undefined, null, { timeout: 300_000 });
      const [pageOrigin, shownMs] = await page.evaluate(() => [
        performance.timeOrigin,
        window.benchLiveResultMs!,
      ]);
      const worker = page.workers().find((w) => w.url().includes('search.worker'));
      const workerOrigin = await worker!.evaluate(() => performance.timeOrigin);
      return {
        ms: Math.round(shownMs!),
        fromWorkerStartMs: Math.round(pageOrigin! + shownMs! - workerOrigin),
      };
    };
    const cold = await firstResult();
    const warm = await firstResult();
    return { coldMs: cold.ms, warmMs: warm.ms, warmFromWorkerStartMs: warm.fromWorkerStartMs };
  } finally {
    await browser.close();
  }
}
