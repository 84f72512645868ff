// A first visit on a phone, as the main thread's blocking time (bench/trace-blocking.ts): each page
// loaded HYDRATION_RUNS times (default 5) in a fresh phone-sized Chromium context with a trace, the
// production server with the demo data and a built client (STATIC_DIR, default ./dist/client), or
// HYDRATION_BASE_URL's running server. Prints one JSON line with the median of each figure per page
// and language. HYDRATION_PAGES and HYDRATION_LANGS (comma-separated) pick what is loaded. The phone
// sends a phone's user agent (Lighthouse's), so the server draws the phone's layout;
// HYDRATION_DESKTOP_BROWSER=1 keeps Chromium's own, a desktop browser's in a phone-sized window: the
// server draws the desktop layout and the page switches once hydrated. Compare two builds by running
// it against each in turn: the machine's load moves every figure.
import { chromium } from '@playwright/test';
import { chromiumArgs } from '#tests/support/chromium';
import { firstVisitServer, medianPerPage } from './first-visit-server';
import { type Blocking, mainThreadBlocking } from './trace-blocking';
import type { TraceEvent } from './trace-cpu';

const staticDir = process.env.STATIC_DIR ?? './dist/client';
const runs = Number(process.env.HYDRATION_RUNS ?? 5);
const pages = (process.env.HYDRATION_PAGES ?? '/,/about,/search?s=france,/item/countries/FRA').split(',');
const langs = (process.env.HYDRATION_LANGS ?? 'en').split(',');
/** The user agent of Lighthouse's mobile device. */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
const userAgent = process.env.HYDRATION_DESKTOP_BROWSER ? undefined : PHONE_USER_AGENT;
/** From the navigation: the load, hydration, and what the stores bring in after it. */
const WINDOW_MS = 3500;

const server = await firstVisitServer(staticDir, process.env.HYDRATION_BASE_URL);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});

async function load(path: string, lang: string): Promise<Blocking> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent,
  });
  try {
    await context.addCookies([{ name: 'i18n_redirected', value: lang, url: server.url('/') }]);
    const page = await context.newPage();
    await page.goto('about:blank');
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'toplevel', 'loading', 'blink.user_timing'],
    });
    await page.goto(server.url(path), { waitUntil: 'load' });
    // The window is measured from the trace; this only keeps the page open long enough.
    await page.waitForTimeout(WINDOW_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const figures = mainThreadBlocking(trace.traceEvents, WINDOW_MS);
    // Thrown, so that medianPerPage loads the page again.
    if (!figures) throw new Error(`No first paint traced for ${lang} ${path}`);
    return figures;
  } finally {
    await context.close();
  }
}

let results: Record<string, Blocking & { runs: number }>;
try {
  results = await medianPerPage(langs, pages, runs, load);
} finally {
  await browser.close();
  await server.stop();
}
console.info(
  JSON.stringify({
    name: 'hydration-blocking',
    device: 'phone, unthrottled × 4',
    userAgent: userAgent ?? 'Chromium (desktop)',
    windowMs: WINDOW_MS,
    pages: results,
  }),
);
