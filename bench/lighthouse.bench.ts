// A first visit on a phone: Lighthouse 12 (mobile preset, simulated throttling) with Debian's
// Chromium against the production server with the demo data and a built client (STATIC_DIR,
// default ./dist/client). Each page is audited LIGHTHOUSE_RUNS times (default 3) from empty
// storage; prints one JSON line with the median of each figure per page and language.
// LIGHTHOUSE_PAGES (comma-separated paths) and LIGHTHOUSE_LANGS (comma-separated codes, sent as
// the language cookie) pick what is measured; LIGHTHOUSE_BASE_URL audits a server already running.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { firstVisitServer, medianPerPage } from './first-visit-server';

const staticDir = process.env.STATIC_DIR ?? './dist/client';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/search,/about').split(',');
const langs = (process.env.LIGHTHOUSE_LANGS ?? 'en').split(',');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

const server = await firstVisitServer(staticDir, process.env.LIGHTHOUSE_BASE_URL);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

async function audit(path: string, lang: string): Promise<RunFigures> {
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    extraHeaders: { Cookie: `i18n_redirected=${lang}` },
  };
  const result = await lighthouse(server.url(path), flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { audits, categories: scores, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${path}: ${runtimeError.message}`);
  const score = (id: string) => Math.round((scores[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(value('speed-index')),
  };
}

let results: Record<string, RunFigures & { runs: number }>;
try {
  results = await medianPerPage(langs, pages, runs, audit);
} finally {
  await chrome.kill();
  await server.stop();
}
console.info(
  JSON.stringify({
    name: 'lighthouse-mobile',
    lighthouse: '12',
    preset: 'mobile, simulated throttling',
    pages: results,
  }),
);
