// A/B: main-thread CPU of a signed-in cold load of /search?s=paris until every source is loaded,
// on a 10 Mbit/s link, phone-sized, two servers alternately.
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import { mainThreadBlocking } from '../bench/trace-blocking';

const servers = process.argv.slice(2);
const RUNS = Number(process.env.RUNS ?? 5);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const states: Record<string, Awaited<ReturnType<Awaited<ReturnType<typeof browser.newContext>>['storageState']>>> = {};
for (const base of servers) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${base}/modules/auth/login`);
  await page.getByLabel('Email').fill('ann@example.com');
  await page.getByLabel(/^Password/).fill('password-1234567');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.includes('login'));
  states[base] = { cookies: (await context.storageState()).cookies, origins: [] };
  await context.close();
}
const results: Record<string, { cpu: number[]; blocking: number[]; long: number[]; took: number[] }> = {};
for (let run = 0; run < RUNS; run++) {
  for (const base of run % 2 ? [...servers].reverse() : servers) {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      storageState: states[base],
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: 1.25e6,
      uploadThroughput: 1e6,
    });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'loading', 'blink.user_timing'] });
    const t0 = Date.now();
    await page.goto(`${base}/search?s=paris`);
    await page.waitForFunction(
      () => window.siftSearch?.state().sources.cities?.state === 'loaded' && window.siftSearch.state().overall === 'loaded',
      null,
      { timeout: 60_000, polling: 100 },
    );
    const took = Date.now() - t0;
    await page.waitForTimeout(300);
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const b = mainThreadBlocking(trace.traceEvents, 60_000)!;
    const r = (results[base] ??= { cpu: [], blocking: [], long: [], took: [] });
    r.cpu.push(b.cpuMs);
    r.blocking.push(b.blockingMs);
    r.long.push(b.longTasks);
    r.took.push(took);
    await context.close();
  }
}
await browser.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [base, r] of Object.entries(results))
  console.log(base, JSON.stringify({ cpu: median(r.cpu), blocking: median(r.blocking), long: median(r.long), took: median(r.took), all: r }));
