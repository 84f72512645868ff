// The search screen in Chromium against a real server with the demo data, signed in (countries
// and 135,233 cities): a warm start (indexes cached on the device, a new page) to the first
// results painted for /search?s=paris (those of the start snapshot, docs/decisions/010), and to
// the live screen's own results with the snapshot gone, main-thread long tasks (PerformanceObserver) while the
// indexes load and while searches run, and, from traced starts, the CPU time of each thread. Needs a built client (STATIC_DIR, default ./dist/client).
// Prints one JSON line; medians of WARM_STARTS page loads. Each warm start is a new document in the
// same tab (from about:blank): a new tab would also time Chromium preparing its own tab UI, which
// headless Chromium does at every new page and which competes with the page for the 2 cores.
import { existsSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '#tests/support/chromium';
import { decideConsent } from '../tests/e2e/consent';
import { startServer } from '../tests/support/server-process';
import { LIVE_RESULT_MARK, observePage } from './page-observer';
import { latencyStats } from './stats';
import { type StartCpu, startCpu, type TraceEvent } from './trace-cpu';

const WARM_STARTS = 9;
/** Starts traced apart from the timed ones, since tracing slows the page a little. */
const TRACED_STARTS = 3;
const LONG_TASK_MS = 50;
const user = { email: 'bench@example.test', password: 'a long enough password' };
const staticDir = process.env.STATIC_DIR ?? './dist/client';
if (!existsSync(staticDir)) throw new Error(`No built client in ${staticDir}: run npm run build first`);

const loadState = (page: Page) => page.evaluate(() => window.siftSearch?.state().overall);

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const server = await startServer({ users: [user], env: { SEED_DEMO_DATA: 'true', STATIC_DIR: staticDir } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await decideConsent(context, server.url(), ['preferences']);
  await context.addInitScript(observePage);
  context.on('console', (message) => {
    if (message.type() === 'error') console.error(`page: ${message.text()}`);
  });

  // Sign in, then a first visit downloads and caches both indexes.
  const first = await context.newPage();
  await first.goto(server.url('/modules/auth/login'));
  await first.getByLabel('Email').fill(user.email);
  await first.getByLabel(/^Password/).fill(user.password);
  await first.getByRole('button', { name: 'Sign in', exact: true }).click();
  await first.waitForURL(server.url('/'));
  let started = Date.now();
  await first.goto(server.url('/search'));
  await waitFor('the first index download', async () => {
    const failed = await first.evaluate(() =>
      Object.values(window.siftSearch?.state().sources ?? {}).some((source) => source.state === 'error'),
    );
    if (failed) throw new Error('An index failed to load');
    return (await loadState(first)) === 'loaded';
  });
  const coldLoadMs = Date.now() - started;
  const coldLongTasks = await first.evaluate(() => window.benchLongTasks);
  // Left as a person leaves a page (pagehide), so it keeps a start snapshot: the first warm start,
  // of another URL, paints none but adopts its class rules (ADR 010).
  await first.goto('about:blank');
  await first.close();

  const firstResults: number[] = [];
  const liveResults: number[] = [];
  const firstContentfulPaints: number[] = [];
  const loadLongTasks: number[] = [];
  const tab = await context.newPage();
  /** From about:blank, a new document in the same tab. */
  const openSearch = async (page: Page) => {
    await page.goto(server.url('/search?s=paris'));
    await waitFor('the first results', async () =>
      page.evaluate(
        () => window.benchLiveResultMs !== undefined && window.siftSearch?.state().overall === 'loaded',
      ),
    );
  };
  for (let i = 0; i < WARM_STARTS; i += 1) {
    const page = tab;
    await page.goto('about:blank');
    await openSearch(page);
    firstResults.push(await page.evaluate(() => window.benchFirstResultMs!));
    liveResults.push(await page.evaluate(() => window.benchLiveResultMs!));
    firstContentfulPaints.push(
      await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
    );
    loadLongTasks.push(...(await page.evaluate(() => window.benchLongTasks)));
  }
  const tracedStarts: StartCpu[] = [];
  for (let i = 0; i < TRACED_STARTS; i += 1) {
    await tab.goto('about:blank');
    await browser.startTracing(tab, { categories: ['toplevel', 'blink.user_timing', '__metadata'] });
    await openSearch(tab);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const cpu = startCpu(trace.traceEvents, LIVE_RESULT_MARK);
    if (!cpu) throw new Error('The trace of a warm start has no live result');
    tracedStarts.push(cpu);
  }
  await tab.close();

  // Searches as typed, with both indexes loaded: the longest main-thread tasks they cause.
  const page = await context.newPage();
  await page.goto(server.url('/search'));
  await waitFor('the indexes', async () => (await loadState(page)) === 'loaded');
  await page.evaluate(() => {
    window.benchLongTasks = [];
  });
  started = Date.now();
  const box = page.getByRole('combobox', { name: 'Search' });
  for (const term of ['a', 's', 'sa', 'san', 'paris', 'londn', 'new york', 'b']) {
    await box.fill(term);
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('s') === term);
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().waitFor();
  }
  const searchMs = Date.now() - started;
  const searchLongTasks = await page.evaluate(() => window.benchLongTasks);

  const medians = (starts: StartCpu[]) =>
    Object.fromEntries(
      (Object.keys(starts[0]!) as (keyof StartCpu)[]).map((key) => [
        key,
        latencyStats(starts.map((start) => start[key])).p50Ms,
      ]),
    );
  const longTasks = (durations: number[]) => ({
    count: durations.length,
    over50Ms: durations.filter((d) => d > LONG_TASK_MS).length,
    maxMs: Math.round(Math.max(0, ...durations)),
  });
  console.info(
    JSON.stringify({
      bench: 'search-warm-start',
      warmStarts: WARM_STARTS,
      results: {
        coldLoadMs,
        coldLoadLongTasks: longTasks(coldLongTasks),
        warmStartToFirstResultsPaintedMs: latencyStats(firstResults),
        // The live screen's own results, the snapshot gone: from here the page answers input.
        warmStartToLiveResultsMs: latencyStats(liveResults),
        // The app shell alone, for comparison: its first paint of anything.
        warmStartFirstContentfulPaintMs: latencyStats(firstContentfulPaints),
        warmStartLongTasks: longTasks(loadLongTasks),
        // Medians of the traced starts, to the live results: where the two cores went.
        warmStartCpuMs: medians(tracedStarts),
        eightSearchesMs: searchMs,
        searchLongTasks: longTasks(searchLongTasks),
      },
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}
