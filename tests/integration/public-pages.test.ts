// Public items as real pages (docs/rendering.md, "Public items"): robots.txt, the sitemap of the
// public items and the server-rendered item and search pages, through the real app with the render
// bundle's source (client/entry-server.tsx), on both databases. Nothing of a protected source may
// reach an anonymous request.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { loadAppConfig } from '#server/app-config';
import { createSessionStore } from '#server/auth/session-store';
import type { Database } from '#server/db/client';
import { createLookupStore } from '#server/graphql/lookup-store';
import { createLogger } from '#server/logger';
import { buildInProcess } from '#server/search/artifact-build';
import { countDocuments } from '#server/search/document-store';
import { createSearchIndexService } from '#server/search/index-service';
import { fixtureCountryCodes, indexFixtures, writeFixtureDocuments } from '#server/search/test-fixtures';
import { countryRecords, loadCountries } from '#server/seed/countries';
import { demoLookups } from '#server/seed/lookups';
import type { RenderBundle } from '#shared/render-bundle';
import { databaseTargets } from '#tests/support/databases';
import { fixedSession, testEnv } from '#tests/support/test-app';

const config = loadAppConfig();
const PUBLIC_URL = 'https://sift.example.org';

/** A built client's folder holding only the page template the server renders into. */
function staticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sift-public-pages-'));
  copyFileSync('client/index.html', join(dir, 'index.html'));
  return dir;
}

describe.each(databaseTargets())('public pages on $name', (target) => {
  let database: Database;
  const dir = staticDir();

  beforeAll(async () => {
    database = await target.open();
    await indexFixtures(database, config);
    await createLookupStore(database).upsert(demoLookups(loadCountries()));
  });
  afterAll(async () => database.close());

  function app(env: Record<string, string> = {}, renderBundle?: Promise<RenderBundle>) {
    const parsed = testEnv({ STATIC_DIR: dir, PUBLIC_URL, SERVER_RENDERING: 'true', ...env });
    return createApp({
      env: parsed,
      config,
      database,
      logger: createLogger('silent'),
      sessions: fixedSession(null),
      sessionStore: createSessionStore(database, parsed.AUTH_SESSION_MAX_AGE),
      renderBundle: renderBundle ?? (import('#client/entry-server') as Promise<RenderBundle>),
    });
  }
  const page = (path: string, language = 'en') =>
    app().request(path, { headers: { Accept: 'text/html', 'Accept-Language': language } });

  it('serves robots.txt, with server rendering on or off', async () => {
    for (const rendering of ['true', 'false']) {
      const response = await app({ SERVER_RENDERING: rendering }).request('/robots.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
      const lines = (await response.text()).split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /admin',
          `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
        ]),
      );
    }
  });

  it('lists the public pages and items in the sitemap, and no protected one', async () => {
    const response = await app({ SERVER_RENDERING: 'false' }).request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const urls = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toEqual(
      expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/about`, `${PUBLIC_URL}/search`]),
    );
    // Every indexed country once: the fixtures, and any another test of this file added.
    const countries = urls.filter((url) => url?.includes('/item/countries/'));
    expect(countries).toEqual(
      expect.arrayContaining(fixtureCountryCodes.map((code) => `${PUBLIC_URL}/item/countries/${code}`)),
    );
    expect(new Set(countries).size).toBe(await countDocuments(database.db, 'countries'));
    expect(xml).not.toContain('/item/cities/');
  });

  /** Adds the demo country `code` to the countries' documents (not yet to their index). */
  const writeCountry = async (code: string) => {
    const [country] = countryRecords().filter((c) => c.code === code);
    await writeFixtureDocuments(database, config, 'countries', [country!]);
  };

  /** Builds the countries' index as the server does when their documents change. */
  const buildCountriesIndex = () =>
    createSearchIndexService({
      database,
      config,
      logger: createLogger('silent'),
      build: buildInProcess,
    }).ensureIndex('countries');

  it('keeps the sitemap until the public index changes', async () => {
    const crawler = app();
    const before = await (await crawler.request('/sitemap.xml')).text();
    await writeCountry('AND');
    expect(await (await crawler.request('/sitemap.xml')).text(), 'the documents alone').toBe(before);
    await buildCountriesIndex();
    await expect
      .poll(async () => (await crawler.request('/sitemap.xml')).text())
      .toContain(`${PUBLIC_URL}/item/countries/AND`);
  });

  it("renders a public item in the visitor's language, with its title, labels and canonical URL", async () => {
    const response = await page('/item/countries/FRA', 'fr-FR,fr;q=0.9');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('<title>France · Sift</title>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/item/countries/FRA" />`);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
    expect(description).toMatch(/^France \(Pays\) · /);
    expect(description).toContain('Capitale: Paris');
    const root = /<div id="root">(.*)<\/div><script type="application\/json"/s.exec(html)![1]!;
    expect(root).toMatch(/<h1[^>]*>France<\/h1>/);
    // Field names and coded values in words: the regions' and the neighbours' lookups (public ones).
    for (const text of ['Capitale', 'Région', 'Frontières', 'Europe', 'Allemagne', 'Belgique']) {
      expect(root).toContain(text);
    }
    expect(root).not.toContain('>DEU<');
  });

  it('puts the rules a page uses in its head, for the direction it is drawn in', async () => {
    for (const [language, key] of [
      ['en', 'mui'],
      ['ar', 'muirtl'],
    ] as const) {
      const html = await (await page('/item/countries/FRA', language)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const root = /<div id="root">(.*)<\/div><script type="application\/json"/s.exec(html)![1]!;
      expect(root, language).not.toContain('<style');
      const defined = new Set(
        [...head.matchAll(new RegExp(`<style data-emotion="${key} ([^"]*)"`, 'g'))].flatMap((m) =>
          m[1]!.split(' '),
        ),
      );
      const used = new Set(
        [...root.matchAll(/ class="([^"]*)"/g)]
          .flatMap((m) => m[1]!.split(' '))
          // `mui-0` is the class of no styles at all: there is no rule to write for it.
          .filter((name) => name.startsWith(`${key}-`) && name !== `${key}-0`)
          .map((name) => name.slice(key.length + 1)),
      );
      expect(used.size, language).toBeGreaterThan(10);
      expect(
        [...used].filter((name) => !defined.has(name)),
        language,
      ).toEqual([]);
      expect(head, language).toContain(`<style data-emotion="${key}-global `);
    }
  });

  it('answers a key the public index does not hold with 404, drawn as not found', async () => {
    const response = await page('/item/countries/ZZZ');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('sift-server-page');
    expect(html).toMatch(/<h1[^>]*>Item not found<\/h1>/);
  });

  it('draws an item page again once the public index holds it', async () => {
    const visitor = app();
    const item = () => visitor.request('/item/countries/JPN', { headers: { Accept: 'text/html' } });
    expect((await item()).status).toBe(404);
    expect((await item()).status, 'sent again from memory').toBe(404);
    await writeCountry('JPN');
    await buildCountriesIndex();
    await expect.poll(async () => (await item()).status).toBe(200);
  });

  it('keeps a page in memory unless it shows the moment it was drawn', async () => {
    const bundle = (await import('#client/entry-server')) as RenderBundle;
    const drawn: string[] = [];
    const counting: RenderBundle = {
      render: (input) => {
        drawn.push(new URL(input.request.url).pathname);
        return bundle.render(input);
      },
    };
    const visitor = app({}, Promise.resolve(counting));
    for (const path of ['/about', '/modules/storage/expiry', '/about', '/modules/storage/expiry'])
      expect((await visitor.request(path, { headers: { Accept: 'text/html' } })).status).toBe(200);
    expect(drawn).toEqual(['/about', '/modules/storage/expiry', '/modules/storage/expiry']);
  });

  it("renders a public query's first results from the public index", async () => {
    const html = await (await page('/search?s=france&t=country', 'fr')).text();
    const root = /<div id="root">(.*)<\/div><script type="application\/json"/s.exec(html)![1]!;
    expect(root).toContain('href="/item/countries/FRA"');
    expect(root).toMatch(/<mark[^>]*>France<\/mark>/);
    // Coded values in words (lookups), as the device will label them.
    expect(root).toContain('Europe de l’Ouest');
    expect(root).not.toContain('>Western Europe<');
    // The app bar's box shows the search, as it will once hydrated.
    expect(root).toMatch(/<input[^>]*data-search-box=""[^>]*value="france"/);
    const none = await (await page('/search?s=zzzz')).text();
    expect(none).not.toContain('href="/item/countries/');
  });

  it('draws the sign-in form at once, with the providers Auth.js offers', async () => {
    const html = await (await page('/modules/auth/login', 'fr')).text();
    const root = /<div id="root">(.*)<\/div><script type="application\/json"/s.exec(html)![1]!;
    expect(root).toMatch(/<input[^>]*type="email"/);
    expect(root).toMatch(/<input[^>]*type="password"/);
    expect(root).not.toMatch(/<span[^>]*role="progressbar"/);
  });

  it('renders the idle search page with the public sources to browse, their sizes, and the protected ones locked', async () => {
    const html = await (await page('/search')).text();
    const root = /<div id="root">(.*)<\/div><script type="application\/json"/s.exec(html)![1]!;
    expect(root).toContain('What are you looking for?');
    // One size, the public source's: a protected source's is never told to an anonymous visitor.
    expect(root.match(/>[\d,]+ items?</g)).toHaveLength(1);
    expect(root).toContain('href="/search/country"');
    expect(root).toContain('Sign in to search');
  });

  it('never renders a protected source for an anonymous request', async () => {
    const item = await page('/item/cities/2988507');
    const html = await item.text();
    expect(html).not.toContain('sift-server-page');
    expect(html).not.toContain('Paris');
    for (const path of ['/item/countries/FRA', '/search?s=paris']) {
      const rendered = await (await page(path)).text();
      expect(rendered, path).toContain('sift-server-page');
      // No city and no label only cities use (their feature codes).
      expect(rendered, path).not.toContain('/item/cities/');
      expect(rendered, path).not.toContain('2988507');
      expect(rendered, path).not.toContain('featureCode.');
    }
  });
});
