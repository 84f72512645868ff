// Which requests the render bundle draws and what the server sends for each answer, with a
// stand-in bundle written beside a stand-in client (the real one is exercised by e2e/rendering.spec.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '#shared/app-config';
import { RENDER_ENTRY, type RenderBundle, type RenderInput, renderBundleDir } from '#shared/render-bundle';
import type { SessionReader } from '../auth/session-user';
import { createLogger } from '../logger';
import { looksMobile, renderedPages } from './rendered-pages';

const SHELL = '<html><body><div id="root"></div></body></html>';

/** The stand-in bundle answers by path, echoing what it was given into the page. */
const BUNDLE = `
export async function render({ request, template, locale, messages, firstRender }) {
  const path = new URL(request.url).pathname;
  if (path === '/protected') return { kind: 'client' };
  if (path === '/moved') return { kind: 'redirect', response: Response.redirect('http://x/elsewhere', 302) };
  if (path === '/broken') throw new Error('cannot draw');
  const page = JSON.stringify({ path, locale, languages: Object.keys(messages).sort(), firstRender });
  return { kind: 'page', status: 200, document: template.replace('<div id="root"></div>', '<div id="root">' + page + '</div>') };
}`;

function staticDirWithBundle(bundle: string | null): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'sift-rendered-')), 'client');
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.html'), SHELL);
  if (bundle) {
    mkdirSync(renderBundleDir(dir));
    writeFileSync(join(renderBundleDir(dir), RENDER_ENTRY), bundle);
  }
  return dir;
}

interface AppOptions {
  bundle?: string | null;
  /** The bundle's render itself, in place of the bundle file. */
  render?: RenderBundle['render'];
  signedIn?: boolean;
  /** The public data's version. */
  dataVersion?: () => string;
}

function appWith({ bundle = BUNDLE, render, signedIn = false, dataVersion = () => '1' }: AppOptions = {}) {
  const sessions: SessionReader = {
    getUser: async () => null,
    bearerUser: async () => null,
    cookieSession: async () =>
      signedIn
        ? { user: { id: 'u', email: 'u@x', name: null, role: 'user' }, issuedAt: 0, expiresAt: 1 }
        : null,
  };
  const app = new Hono();
  app.route(
    '/',
    renderedPages({
      staticDir: staticDirWithBundle(bundle),
      config: { platformName: 'Sift' } as AppConfig,
      sessions,
      logger: createLogger('silent'),
      publicData: {
        artifact: async () => null,
        lookups: async () => [],
        signInProviders: async () => ({}),
        logError: () => {},
        version: async () => dataVersion(),
      },
      publicUrl: 'https://sift.example.org',
      bundle: render && Promise.resolve({ render }),
    }),
  );
  app.get('*', (c) => c.text('shell'));
  return app;
}

const navigation = (headers: Record<string, string> = {}) => ({
  headers: { Accept: 'text/html', ...headers },
});

describe('rendered pages', () => {
  it('draws an anonymous navigation in the language, scheme and width the request tells', async () => {
    const response = await appWith().request(
      '/about',
      navigation({
        'Accept-Language': 'fr-CA,en;q=0.5',
        Cookie: 'color-scheme=ocean-dark',
        'Sec-CH-Prefers-Color-Scheme': 'dark',
        'Sec-CH-UA-Mobile': '?1',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('Accept-CH')).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(response.headers.get('Vary')).toContain('Cookie');
    const page = JSON.parse(/<div id="root">(.*)<\/div>/.exec(await response.text())![1]!);
    expect(page).toEqual({
      path: '/about',
      locale: 'fr',
      languages: ['en', 'fr'],
      firstRender: {
        colorSchemeCookie: 'ocean-dark',
        prefersDark: true,
        desktop: false,
        languages: ['fr-CA', 'en'],
        renderedAt: expect.any(Number),
      },
    });
  });

  it('prefers the language cookie to the browser languages', async () => {
    const response = await appWith().request(
      '/',
      navigation({ 'Accept-Language': 'fr', Cookie: 'i18n_redirected=ar' }),
    );
    expect(await response.text()).toContain('"locale":"ar"');
  });

  it('leaves signed-in visitors, pages the bundle declines and failures to the shell', async () => {
    expect(await (await appWith({ signedIn: true }).request('/about', navigation())).text()).toBe('shell');
    expect(await (await appWith().request('/protected', navigation())).text()).toBe('shell');
    expect(await (await appWith().request('/broken', navigation())).text()).toBe('shell');
    expect(await (await appWith({ bundle: null }).request('/about', navigation())).text()).toBe('shell');
  });

  it('passes on the redirects the routes answer', async () => {
    const response = await appWith().request('/moved', navigation());
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('http://x/elsewhere');
  });

  it('draws only navigations, never files or API calls', async () => {
    expect(await (await appWith().request('/about')).text()).toBe('shell');
    expect(await (await appWith().request('/logo.svg', navigation())).text()).toBe('shell');
  });

  it('tells phones by the client hint, else by the user agent', () => {
    expect(looksMobile(new Headers({ 'Sec-CH-UA-Mobile': '?0', 'User-Agent': 'Android Mobile' }))).toBe(
      false,
    );
    expect(looksMobile(new Headers({ 'User-Agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari' }))).toBe(
      true,
    );
    expect(looksMobile(new Headers({ 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' }))).toBe(false);
  });
});

/** A render that draws the page it was asked for, with what it was given, and counts its calls. */
function countingRender(showsRenderTime = false) {
  return vi.fn(async ({ request, locale, firstRender }: RenderInput) => ({
    kind: 'page' as const,
    status: 200,
    document: `<html><body>${'a page long enough to be compressed '.repeat(40)}${JSON.stringify({
      url: request.url,
      cookie: request.headers.get('cookie'),
      locale,
      firstRender,
    })}</body></html>`,
    showsRenderTime,
  }));
}

describe('rendered pages kept in memory', () => {
  it('draws a page once, then sends it from memory, compressed, and 304 to a browser that holds it', async () => {
    const render = countingRender();
    const app = appWith({ render });
    const first = await app.request('/about', navigation({ 'Accept-Encoding': 'gzip' }));
    const second = await app.request('/about', navigation({ 'Accept-Encoding': 'gzip' }));
    expect(render).toHaveBeenCalledTimes(1);
    expect(second.headers.get('Content-Encoding')).toBe('gzip');
    const etag = first.headers.get('ETag')!;
    expect(second.headers.get('ETag')).toBe(etag);
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(
      gunzipSync(Buffer.from(await first.arrayBuffer())).toString(),
    );
    expect(second.headers.get('Vary')).toContain('Cookie');
    const revalidated = await app.request('/about', navigation({ 'If-None-Match': etag }));
    expect(revalidated.status).toBe(304);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('draws a page anew for each language, colour scheme, preference, width and consent decision', async () => {
    const render = countingRender();
    const app = appWith({ render });
    const variants: Record<string, string>[] = [
      {},
      { 'Accept-Language': 'fr' },
      { Cookie: 'i18n_redirected=ar' },
      { Cookie: 'color-scheme=ocean-dark' },
      { 'Sec-CH-Prefers-Color-Scheme': 'dark' },
      { 'Sec-CH-UA-Mobile': '?1' },
      { Cookie: `sift_consent=${encodeURIComponent('{"revision":1,"allowed":[]}')}` },
      {},
      { 'Accept-Language': 'fr' },
    ];
    for (const headers of variants) await app.request('/about', navigation(headers));
    expect(render).toHaveBeenCalledTimes(7);
    await app.request('/about?tab=2', navigation());
    expect(render).toHaveBeenCalledTimes(8);
  });

  it('hands the render what its key holds and nothing else of the request', async () => {
    const render = countingRender();
    const response = await appWith({ render }).request(
      '/about',
      navigation({ Cookie: 'authjs.csrf-token=secret; color-scheme=ocean-dark; sift_consent=decided' }),
    );
    const page = await response.text();
    expect(page).not.toContain('secret');
    const [{ request, firstRender }] = render.mock.calls[0]!;
    expect(request.headers.get('cookie')).toBeNull();
    expect(firstRender).toMatchObject({ colorSchemeCookie: 'ocean-dark', consentCookie: 'decided' });
  });

  it('draws pages again once the public data changes (an index built, lookups changed)', async () => {
    const render = countingRender();
    let version = 'countries:1';
    const app = appWith({ render, dataVersion: () => version });
    await app.request('/item/countries/FRA', navigation());
    await app.request('/item/countries/FRA', navigation());
    expect(render).toHaveBeenCalledTimes(1);
    version = 'countries:2';
    await app.request('/item/countries/FRA', navigation());
    await app.request('/item/countries/FRA', navigation());
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('draws a page that shows the moment it was drawn for every request', async () => {
    const render = countingRender(true);
    const app = appWith({ render });
    await app.request('/modules/i18n/transform', navigation());
    await app.request('/modules/i18n/transform', navigation());
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('answers with the shell while another page is drawn, and one render for the same page', async () => {
    const drawn = countingRender();
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const render = vi.fn(async (input: RenderInput) => {
      await held;
      return drawn(input);
    });
    const app = appWith({ render });
    const about = app.request('/about', navigation());
    const aboutAgain = app.request('/about', navigation());
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
    expect(await (await app.request('/contact', navigation())).text()).toBe('shell');
    finish();
    expect(await (await about).text()).toContain('/about');
    expect(await (await aboutAgain).text()).toContain('/about');
    expect(render).toHaveBeenCalledTimes(1);
    expect(await (await app.request('/contact', navigation())).text()).toContain('/contact');
  });
});
