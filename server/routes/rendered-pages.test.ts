// Which requests the render bundle draws and what the server sends for each answer, with a
// stand-in bundle written beside a stand-in client (the real one is exercised by e2e/rendering.spec.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '#shared/app-config';
import { RENDER_ENTRY, renderBundleDir } from '#shared/render-bundle';
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

function appWith({ bundle = BUNDLE, signedIn = false }: { bundle?: string | null; signedIn?: boolean } = {}) {
  const sessions: SessionReader = {
    getUser: async () => null,
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
      publicData: { artifact: async () => null, lookups: async () => [], logError: () => {} },
      publicUrl: 'https://sift.example.org',
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
