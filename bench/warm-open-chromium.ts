// A warm start of the engine at scale in Chromium: a cities artifact (the server's gzip'd file, given
// as the argument) kept as the search worker keeps it, decompressed in an IndexedDB Blob, with and
// without the engine's derived arrays kept beside it (ADR 021), then in a dedicated worker of a new
// page each time: reading the Blobs and checking their checksums, opening, the first search. The two ways
// alternate, ROUNDS times each. Prints one JSON line: medians per way, and the bytes each keeps.
// Usage: tsx bench/warm-open-chromium.ts <artifact file>
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { chromiumArgs } from '#tests/support/chromium';
import { loadAppConfig } from '../server/app-config';
import { siftEngine } from '../shared/search/sift-engine';
import { freshWorker } from './fresh-worker';
import { artifactEngine } from './search-engines';
import { latencyStats } from './stats';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const origin = 'http://localhost:9';
const source = loadAppConfig().gapSearch.dataSources.cities!;
const queries = JSON.parse(readFileSync('bench/queries/cities.json', 'utf8')) as {
  kinds: Record<string, string[]>;
};
const raw = new Uint8Array(gunzipSync(readFileSync(process.argv[2]!)));
const derived = await artifactEngine(siftEngine).derive!(source, raw.slice());
/** Served in parts: the DevTools protocol does not carry one response body of this size. */
const PART = 16 * 2 ** 20;
const partsOf = (bytes: Uint8Array) => Math.ceil(bytes.length / PART);
const bundle = await build({
  entryPoints: ['bench/warm-open-worker.ts'],
  bundle: true,
  format: 'iife',
  write: false,
  target: 'es2023',
});
const workerSource = bundle.outputFiles[0]!.text;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  const context = await browser.newContext();
  await context.route(`${origin}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const served = path.startsWith('/raw/') ? raw : path.startsWith('/derived/') ? derived : undefined;
    if (served) {
      const at = Number(path.split('/')[2]) * PART;
      return route.fulfill({
        body: Buffer.from(served.subarray(at, at + PART)),
        contentType: 'application/octet-stream',
      });
    }
    if (path === '/worker.js') return route.fulfill({ body: workerSource, contentType: 'text/javascript' });
    return route.fulfill({ body: '<!doctype html><title>warm open bench</title>', contentType: 'text/html' });
  });
  const page = await context.newPage();
  const inFreshWorker = freshWorker(page, origin);
  await inFreshWorker({ store: { parts: partsOf(raw), derivedParts: partsOf(derived) } });
  type Timing = Record<'readMs' | 'openMs' | 'firstSearchMs' | 'toFirstResultMs', number>;
  const ways = { deriving: false, withDerived: true };
  const timings: Record<string, Timing[]> = { deriving: [], withDerived: [] };
  const term = queries.kinds.fullName![0]!;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [way, withDerived] of Object.entries(ways)) {
      timings[way]!.push((await inFreshWorker({ open: { withDerived, source, term } })) as Timing);
    }
  }
  const medians = (list: Timing[]) =>
    Object.fromEntries(
      (Object.keys(list[0]!) as (keyof Timing)[]).map((key) => [
        key,
        latencyStats(list.map((t) => t[key])).p50Ms,
      ]),
    );
  console.info(
    JSON.stringify({
      bench: 'warm-open-chromium',
      keptBytes: { raw: raw.length, derived: derived.length },
      medians: { deriving: medians(timings.deriving!), withDerived: medians(timings.withDerived!) },
      toFirstResultMs: Object.fromEntries(
        Object.entries(timings).map(([way, list]) => [way, list.map((t) => t.toFirstResultMs)]),
      ),
    }),
  );
} finally {
  await browser.close();
}
