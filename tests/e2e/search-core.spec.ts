// The search core in Chromium, under the real CSP: the worker loads the public index from the
// server, caches it in IndexedDB, answers searches, and checks every artifact's crc32c. Driven
// through the developer hook window.siftSearch that /search installs (the screen comes later).
import type { Page } from '@playwright/test';
import { ARTIFACT_DATABASE, ARTIFACT_STORE } from '#client/workers/indexed-db-artifact-cache';
import { artifactKept } from './artifact-cache';
import { collectPageErrors } from './console';
import { expect as baseExpect, test } from './test';

// A fresh e2e server seeds the demo data and builds the indexes in the background after start.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 120_000 });

const artifactRequest = /\/api\/index\/countries\/\d+$/;

function watchArtifactRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (artifactRequest.test(request.url())) seen.push(request.url());
  });
  return seen;
}

const countriesLoad = (page: Page) =>
  page.evaluate(() => window.siftSearch?.state().sources.countries ?? null);

async function searchNames(page: Page, term: string) {
  return page.evaluate(async (t) => {
    const result = await window.siftSearch!.search({ term: t });
    return result.hits.map((hit) => `${hit.dataType}:${hit.document.name}`);
  }, term);
}

/** Cuts the cached countries artifact's bytes down to their first 100, keeping its checksum and digest. */
async function damageCachedArtifact(page: Page) {
  await expect.poll(() => artifactKept(page, 'countries')).toBe(true);
  await page.evaluate(
    ([database, store]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(database!);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(store!, 'readwrite');
          const objects = tx.objectStore(store!);
          const get = objects.get('countries');
          get.onsuccess = () =>
            objects.put({ ...get.result, raw: get.result.raw.slice(0, 100) }, 'countries');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    [ARTIFACT_DATABASE, ARTIFACT_STORE],
  );
}

test('the worker loads the public index from the server, caches it and answers searches', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const downloads = watchArtifactRequests(page);
  await page.goto('/search');
  await expect.poll(() => countriesLoad(page)).toMatchObject({ state: 'loaded', from: 'network' });
  expect(downloads).toHaveLength(1);
  // Anonymous: the protected cities source is neither loaded nor offered.
  expect(await page.evaluate(() => Object.keys(window.siftSearch!.state().sources))).toEqual(['countries']);

  expect(await searchNames(page, 'sao tome')).toEqual(['country:São Tomé and Príncipe']);
  expect(await searchNames(page, 'cote d ivoire')).toEqual(['country:Ivory Coast']);
  expect(await searchNames(page, 'فرنسا')).toEqual(['country:France']);
  expect((await searchNames(page, 'switz'))[0]).toBe('country:Switzerland');

  await page.reload();
  await expect.poll(() => countriesLoad(page)).toMatchObject({ state: 'loaded', from: 'cache' });
  expect(downloads).toHaveLength(1);
  expect(await searchNames(page, 'sao tome')).toEqual(['country:São Tomé and Príncipe']);
  expect(errors).toEqual([]);
});

test('a damaged cached copy is downloaded again', async ({ page }) => {
  const downloads = watchArtifactRequests(page);
  await page.goto('/search');
  await expect.poll(() => countriesLoad(page)).toMatchObject({ state: 'loaded', from: 'network' });
  await damageCachedArtifact(page);
  await page.reload();
  await expect.poll(() => countriesLoad(page)).toMatchObject({ state: 'loaded', from: 'network' });
  expect(downloads).toHaveLength(2);
  expect(await searchNames(page, 'sao tome')).toEqual(['country:São Tomé and Príncipe']);
});

test('a download whose crc32c does not match marks the source as failed, and searches skip it', async ({
  page,
}) => {
  await page.route(artifactRequest, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    body[body.length >> 1]! ^= 0xff;
    await route.fulfill({ response, body });
  });
  await page.goto('/search');
  await expect.poll(() => countriesLoad(page)).toMatchObject({ state: 'error' });
  expect(await page.evaluate(() => window.siftSearch!.state().overall)).toBe('loaded');
  expect(await searchNames(page, 'france')).toEqual([]);
});
