import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../tests/support/databases';
import { createTestApp } from '../tests/support/test-app';
import type { Database } from './db/client';

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sift-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Sift</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  return dir;
}

describe.each(databaseTargets())('server on $name', (target) => {
  let database: Database;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await target.open();
    app = createTestApp(database, { STATIC_DIR: fakeBuild() });
  });
  afterAll(async () => database.close());

  it('answers liveness and readiness', async () => {
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: target.name, searchData: 'ready' });
  });

  it('reports not ready when the database stops answering', async () => {
    const broken = createTestApp({ ...database, ping: () => Promise.reject(new Error('down')) });
    const response = await broken.request('/readyz');
    expect(response.status).toBe(503);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.request('/api/nothing-here', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No API route POST /api/nothing-here' },
    });
  });

  it('sets the security headers on every response', async () => {
    for (const path of ['/healthz', '/api/config', '/api/nothing', '/some/page']) {
      const response = await app.request(path);
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('Strict-Transport-Security')).toBeNull();
    }
  });

  it('adds HSTS when the public URL is https', async () => {
    const secure = createTestApp(database, { PUBLIC_URL: 'https://sift.example' });
    expect((await secure.request('/healthz')).headers.get('Strict-Transport-Security')).toMatch(
      /max-age=\d+/,
    );
  });

  it('serves hashed assets as immutable and the shell as no-cache', async () => {
    const asset = await app.request('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/sw.js']) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
    }
  });

  it('falls back to index.html for client routes but not for missing files', async () => {
    const page = await app.request('/item/countries/FRA', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await app.request('/assets/gone-123.js')).status).toBe(404);
  });

  it('compresses responses with brotli or gzip as the client accepts', async () => {
    const br = await app.request('/_i18n/en/messages.json', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    const gzip = await app.request('/assets/main-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    const plain = await app.request('/assets/main-abc123.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
  });

  it('serves the public configuration', async () => {
    const response = await app.request('/api/config');
    const config = await response.json();
    expect(config).toMatchObject({
      platformName: 'Sift',
      menuSide: 'left',
      bottomMenu: true,
      menuTooltipButton: true,
    });
  });

  it('serves messages per locale with a day of caching, and 404 for unknown locales', async () => {
    const en = await app.request('/_i18n/en/messages.json');
    expect(en.headers.get('Cache-Control')).toBe('public, max-age=86400');
    expect((await en.json()).dismiss).toBe('Dismiss');
    expect((await app.request('/_i18n/xx/messages.json')).status).toBe(404);
  });
});
