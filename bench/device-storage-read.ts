// How fast Chromium hands a search worker a large index it keeps on the device: the decompressed
// bytes of an artifact (the server's gzip'd file, given as the argument) stored in IndexedDB as an
// ArrayBuffer and as a Blob, and in the origin private file system (OPFS), then read back in a
// dedicated worker of a new page (nothing left in its memory), in turns, READS times each.
// Usage: tsx bench/device-storage-read.ts <artifact file>; prints one JSON line of medians (ms).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '#tests/support/chromium';
import { freshWorker } from './fresh-worker';
import { latencyStats } from './stats';

const READS = 5;
// localhost is a secure context (OPFS needs one); every request is answered by the route below.
const origin = 'http://localhost:9';
const raw = gunzipSync(readFileSync(process.argv[2]!));
/** Served in parts: the DevTools protocol does not carry one response body of this size. */
const PART = 16 * 2 ** 20;
const parts = Math.ceil(raw.length / PART);

/** The worker's code: `store` writes the bytes in every form, `read` reads one form back. */
const workerSource = /* js */ `
const open = () => new Promise((resolve, reject) => {
  const request = indexedDB.open('bench', 1);
  request.onupgradeneeded = () => request.result.createObjectStore('bytes');
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
const store = (db, mode) => db.transaction('bytes', mode).objectStore('bytes');
onmessage = async ({ data }) => {
  const db = await open();
  const root = await navigator.storage.getDirectory();
  if (data === 'store') {
    const parts = await Promise.all(
      Array.from({ length: ${parts} }, async (_, i) => (await fetch('/raw/' + i)).arrayBuffer()),
    );
    const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
    await done(store(db, 'readwrite').put(bytes.buffer, 'arrayBuffer'));
    await done(store(db, 'readwrite').put(new Blob([bytes]), 'blob'));
    const handle = await (await root.getFileHandle('raw', { create: true })).createSyncAccessHandle();
    handle.truncate(0);
    handle.write(bytes, { at: 0 });
    handle.flush();
    handle.close();
    postMessage(bytes.length);
    return;
  }
  const started = performance.now();
  let length;
  if (data === 'idbArrayBuffer') length = (await done(store(db, 'readonly').get('arrayBuffer'))).byteLength;
  if (data === 'idbBlob') length = (await (await done(store(db, 'readonly').get('blob'))).arrayBuffer()).byteLength;
  if (data === 'opfsFile') length = (await (await (await root.getFileHandle('raw')).getFile()).arrayBuffer()).byteLength;
  if (data === 'opfsSyncHandle') {
    const handle = await (await root.getFileHandle('raw')).createSyncAccessHandle();
    const bytes = new Uint8Array(handle.getSize());
    length = handle.read(bytes, { at: 0 });
    handle.close();
  }
  postMessage({ ms: performance.now() - started, length });
};`;

const ways = ['idbArrayBuffer', 'idbBlob', 'opfsFile', 'opfsSyncHandle'] as const;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  const context = await browser.newContext();
  await context.route(`${origin}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.startsWith('/raw/')) {
      const at = Number(path.slice('/raw/'.length)) * PART;
      return route.fulfill({ body: raw.subarray(at, at + PART), contentType: 'application/octet-stream' });
    }
    if (path === '/worker.js') return route.fulfill({ body: workerSource, contentType: 'text/javascript' });
    return route.fulfill({ body: '<!doctype html><title>storage bench</title>', contentType: 'text/html' });
  });
  const page = await context.newPage();
  const inFreshWorker = freshWorker(page, origin);
  await inFreshWorker('store');
  const times: Record<string, number[]> = Object.fromEntries(ways.map((way) => [way, []]));
  for (let round = 0; round < READS; round += 1) {
    for (const way of ways) {
      const { ms, length } = (await inFreshWorker(way)) as { ms: number; length: number };
      if (length !== raw.length) throw new Error(`${way} read ${length} bytes, not ${raw.length}`);
      times[way]!.push(ms);
    }
  }
  const medians = Object.fromEntries(ways.map((way) => [way, latencyStats(times[way]!).p50Ms]));
  console.info(
    JSON.stringify({ bench: 'device-storage-read', bytes: raw.length, readMedianMs: medians, times }),
  );
} finally {
  await browser.close();
}
