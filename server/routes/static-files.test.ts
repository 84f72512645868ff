// The built client served from memory: encodings, caching headers, 304s, the SPA fallback, path
// safety, and files replaced on disk while the server runs.
import { createHook } from 'node:async_hooks';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { compression } from '../middleware/compression';
import { relativeFilePath } from '../static-file-store';
import { staticFiles } from './static-files';

const INDEX = `<!doctype html><title>Sift</title><div id="root"></div>${'<!-- shell -->'.repeat(100)}`;
const APP_JS = `console.log(${JSON.stringify('app'.repeat(500))});`;
const SW_JS = 'self.addEventListener("fetch", () => {}); // version 1';
const DATA_JSON = JSON.stringify({ rows: 'data'.repeat(400) });
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const SECRET = 'a secret beside the root';
/** The time every file of a build is given: what Last-Modified says and If-Modified-Since is compared with. */
const BUILT_AT = new Date('2020-01-01T00:00:00Z');
const IMMUTABLE = 'public, max-age=31536000, immutable';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function writeWithSiblings(path: string, text: string, at = BUILT_AT) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
  for (const file of [path, `${path}.br`, `${path}.gz`]) utimesSync(file, at, at);
}

/** A build in `root`, a file outside it in `base`, and symbolic links from the one to the other. */
function makeBuild(): { base: string; root: string } {
  const base = mkdtempSync(join(tmpdir(), 'sift-static-files-'));
  folders.push(base);
  const root = join(base, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  mkdirSync(join(root, 'nested', 'deeper'), { recursive: true });
  mkdirSync(join(root, 'v1.0'));
  writeWithSiblings(join(root, 'index.html'), INDEX);
  writeWithSiblings(join(root, 'assets', 'app-abc123.js'), APP_JS);
  writeWithSiblings(join(root, 'assets', 'other-def456.js'), `${APP_JS}// other`);
  writeWithSiblings(join(root, 'assets', 'third-0a1b2c.js'), `${APP_JS}// third`);
  writeWithSiblings(join(root, 'sw.js'), SW_JS);
  writeFileSync(join(root, 'icon.png'), PNG);
  writeFileSync(join(root, 'nested', 'deeper', 'data.json'), DATA_JSON);
  writeFileSync(join(base, 'secret.txt'), SECRET);
  symlinkSync(join(base, 'secret.txt'), join(root, 'leak.txt'));
  symlinkSync(base, join(root, 'outside'));
  symlinkSync(join(root, 'sw.js'), join(root, 'alias.js'));
  return { base, root };
}

const shared = makeBuild();
const app = staticFiles(shared.root);

function get(path: string, headers: Record<string, string> = {}, on = app, method = 'GET') {
  return on.request(path, { method, headers });
}

/** The body as the client reads it once its Content-Encoding is undone. */
async function decoded(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('Content-Encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  return bytes.toString();
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

/** Sizes on disk of a file and its two siblings: what the store keeps for it. */
const keptSize = (path: string) =>
  statSync(path).size + statSync(`${path}.br`).size + statSync(`${path}.gz`).size;

function removeWithSiblings(path: string) {
  for (const file of [path, `${path}.br`, `${path}.gz`]) unlinkSync(file);
}

describe('static files', () => {
  it('sends the sibling the client accepts, brotli first, with Content-Encoding and Vary', async () => {
    const cases: [string | undefined, string | null][] = [
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['BR; Q=0.000, gzip;q=0.5', 'gzip'],
      ['gzip;q=0, *', 'br'],
      ['br;q=0, gzip;q=0', null],
      ['deflate, identity', null],
      [undefined, null],
    ];
    for (const [accept, encoding] of cases) {
      const response = await get('/index.html', accept === undefined ? {} : { 'Accept-Encoding': accept });
      const bytes = await bytesOf(response.clone());
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('Content-Encoding'), accept).toBe(encoding);
      expect(response.headers.get('Vary'), accept).toBe('Accept-Encoding');
      expect(response.headers.get('Content-Type'), accept).toBe('text/html; charset=utf-8');
      expect(response.headers.get('Content-Length'), accept).toBe(String(bytes.byteLength));
      expect(response.headers.get('Accept-Ranges'), accept).toBeNull();
      // The build's own sibling, sent as it is.
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
      expect(bytes.equals(readFileSync(join(shared.root, `index.html${suffix}`))), accept).toBe(true);
      expect(await decoded(response), accept).toBe(INDEX);
    }
  });

  it('gives each file its Content-Type, and a file without siblings no encoding and no Vary', async () => {
    const script = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br' });
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(await decoded(script)).toBe(APP_JS);
    for (const [path, type, content] of [
      ['/icon.png', 'image/png', PNG],
      ['/nested/deeper/data.json', 'application/json', Buffer.from(DATA_JSON)],
    ] as const) {
      const response = await get(path, { 'Accept-Encoding': 'br, gzip' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Content-Type'), path).toBe(type);
      expect(response.headers.get('Content-Encoding'), path).toBeNull();
      expect(response.headers.get('Vary'), path).toBeNull();
      expect((await bytesOf(response)).equals(content), path).toBe(true);
    }
  });

  it('lets hashed assets be cached for a year and has every other file revalidated', async () => {
    expect((await get('/assets/app-abc123.js')).headers.get('Cache-Control')).toBe(IMMUTABLE);
    for (const path of ['/', '/index.html', '/sw.js', '/icon.png', '/nested/deeper/data.json']) {
      expect((await get(path)).headers.get('Cache-Control'), path).toBe('no-cache');
    }
    // The shell sent for a navigation under assets/ is still the shell, revalidated.
    const shell = await get('/assets/some-page');
    expect(await shell.text()).toBe(INDEX);
    expect(shell.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('gives each encoding its own ETag and answers 304 to a client that holds it', async () => {
    const etags = new Map<string, string>();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const etag = (await get('/sw.js', { 'Accept-Encoding': encoding })).headers.get('ETag') ?? '';
      expect(etag, encoding).toMatch(/^"[\w-]{16,}"$/);
      etags.set(encoding, etag);
    }
    expect(new Set(etags.values()).size).toBe(3);
    for (const [encoding, etag] of etags) {
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const response = await get('/sw.js', { 'Accept-Encoding': encoding, 'If-None-Match': ifNoneMatch });
        expect(response.status, `${encoding} ${ifNoneMatch}`).toBe(304);
        expect(response.headers.get('ETag')).toBe(etag);
        expect(response.headers.get('Cache-Control')).toBe('no-cache');
        expect(response.headers.get('Vary')).toBe('Accept-Encoding');
        expect(response.headers.get('Content-Encoding')).toBeNull();
        expect(await response.text()).toBe('');
      }
    }
    // Another encoding's tag, or another version's, is not this body.
    for (const ifNoneMatch of [etags.get('br')!, '"other"']) {
      const response = await get('/sw.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': ifNoneMatch });
      expect(response.status, ifNoneMatch).toBe(200);
      expect(await decoded(response)).toBe(SW_JS);
    }
  });

  it('answers 304 to If-Modified-Since not before the file, unless an If-None-Match is sent', async () => {
    const plain = await get('/index.html', { 'Accept-Encoding': 'br' });
    expect(plain.headers.get('Last-Modified')).toBe(BUILT_AT.toUTCString());
    const at = (ms: number) => new Date(BUILT_AT.getTime() + ms).toUTCString();
    for (const [since, status] of [
      [at(0), 304],
      [at(86_400_000), 304],
      [at(-1000), 200],
      ['not a date', 200],
    ] as const) {
      const response = await get('/index.html', { 'Accept-Encoding': 'br', 'If-Modified-Since': since });
      expect(response.status, since).toBe(status);
    }
    const response = await get('/index.html', {
      'Accept-Encoding': 'br',
      'If-Modified-Since': at(86_400_000),
      'If-None-Match': '"other"',
    });
    expect(response.status).toBe(200);
    expect(await decoded(response)).toBe(INDEX);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const full = await get('/sw.js', { 'Accept-Encoding': accept });
      const head = await get('/sw.js', { 'Accept-Encoding': accept }, app, 'HEAD');
      expect(head.status).toBe(200);
      expect(Object.fromEntries(head.headers)).toEqual(Object.fromEntries(full.headers));
      expect(await head.arrayBuffer()).toHaveProperty('byteLength', 0);
    }
  });

  it('sends index.html for navigations and 404 for missing files, directories and other methods', async () => {
    for (const [path, accept] of [
      ['/item/countries/FRA', '*/*'],
      ['/report.pdf', 'text/html,application/xhtml+xml'],
      ['/nested', '*/*'],
      ['/', '*/*'],
    ]) {
      const response = await get(path!, { Accept: accept!, 'Accept-Encoding': 'br' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Content-Encoding'), path).toBe('br');
      expect(await decoded(response), path).toBe(INDEX);
    }
    for (const path of ['/missing.js', '/assets/gone-123.js', '/v1.0', '/nested/deeper/none.json']) {
      expect((await get(path)).status, path).toBe(404);
    }
    for (const path of ['/', '/index.html']) {
      expect((await get(path, {}, app, 'POST')).status, path).toBe(404);
    }
  });

  it('serves a symbolic link within the root but never a file outside it', async () => {
    expect(await (await get('/alias.js')).text()).toBe(SW_JS);
    // Requests as a server may pass them on: `Request` would resolve the dot segments itself.
    const raw = (path: string) =>
      app.fetch({ url: `http://localhost${path}`, method: 'GET', headers: new Headers() } as Request);
    const attempts = [
      get('/../secret.txt'),
      get('/%2e%2e/secret.txt'),
      get('/assets/..%2f..%2fsecret.txt'),
      get('/assets/%2e%2e%2f%2e%2e%2fsecret.txt'),
      get('/..%5csecret.txt'),
      get('//secret.txt'),
      get('/leak.txt'),
      get('/outside/secret.txt'),
      raw('/../secret.txt'),
      raw('/assets/../../secret.txt'),
      raw('/..\\secret.txt'),
      raw('//../secret.txt'),
      raw('/outside/../../secret.txt'),
    ];
    for (const response of await Promise.all(attempts)) {
      const text = await response.text();
      expect(text).not.toContain(SECRET);
      // Refused paths are not found: a 404, or the shell for what looks like a navigation.
      if (response.status !== 404) expect(text).toBe(INDEX);
    }
  });

  it('reads no request path with an escape, a backslash, or an empty, `.` or `..` segment', () => {
    for (const path of [
      '/..',
      '/../x',
      '/a/../x',
      '/./x',
      '/a/.',
      '//x',
      '/a//b',
      '/a/',
      '/',
      '/a\\b',
      '/..\\x',
      '/%2e%2e/x',
      '/a%2fb',
      '/a%25b',
      '/a\0b',
      'x',
    ]) {
      expect(relativeFilePath(path), path).toBeUndefined();
    }
    expect(relativeFilePath('/assets/app-abc123.js')).toBe('assets/app-abc123.js');
    expect(relativeFilePath('/.well-known/security.txt')).toBe('.well-known/security.txt');
    expect(relativeFilePath('/a..b')).toBe('a..b');
  });

  it('sends a file outside assets/ anew once it and its siblings are rewritten on disk', async () => {
    const { root } = makeBuild();
    const files = staticFiles(root);
    const before = await get('/sw.js', { 'Accept-Encoding': 'br' }, files);
    expect(await decoded(before)).toBe(SW_JS);
    for (const accept of ['gzip', 'identity']) {
      expect(await decoded(await get('/sw.js', { 'Accept-Encoding': accept }, files))).toBe(SW_JS);
    }
    // Same length, same files (inodes): only the content and the modification time tell.
    const next = SW_JS.replace('version 1', 'version 2');
    expect(next.length).toBe(SW_JS.length);
    const later = new Date(BUILT_AT.getTime() + 3_600_000);
    // A deployment copying the siblings first: the one sent is checked too, not only the file.
    writeFileSync(join(root, 'sw.js.br'), brotliCompressSync(next));
    utimesSync(join(root, 'sw.js.br'), later, later);
    expect(await decoded(await get('/sw.js', { 'Accept-Encoding': 'br' }, files))).toBe(next);
    writeWithSiblings(join(root, 'sw.js'), next, later);
    for (const accept of ['br', 'gzip', 'identity']) {
      const after = await get('/sw.js', { 'Accept-Encoding': accept }, files);
      expect(await decoded(after), accept).toBe(next);
    }
    const after = await get(
      '/sw.js',
      { 'Accept-Encoding': 'br', 'If-None-Match': before.headers.get('ETag')! },
      files,
    );
    expect(after.status).toBe(200);
    removeWithSiblings(join(root, 'sw.js'));
    expect((await get('/sw.js', { 'Accept-Encoding': 'br' }, files)).status).toBe(404);
  });

  it('reads a hashed asset once: it is still sent once gone from disk', async () => {
    const { root } = makeBuild();
    const files = staticFiles(root);
    for (const accept of ['br', 'gzip', 'identity']) {
      expect(await decoded(await get('/assets/app-abc123.js', { 'Accept-Encoding': accept }, files))).toBe(
        APP_JS,
      );
    }
    removeWithSiblings(join(root, 'assets', 'app-abc123.js'));
    for (const accept of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/app-abc123.js', { 'Accept-Encoding': accept }, files);
      expect(response.status, accept).toBe(200);
      expect(await decoded(response), accept).toBe(APP_JS);
    }
  });

  it('opens a file once for requests that ask for it together', async () => {
    const { root } = makeBuild();
    const opened = async (requests: number) => {
      const files = staticFiles(root);
      let count = 0;
      const hook = createHook({
        init(_id, type) {
          if (type === 'FILEHANDLE') count += 1;
        },
      }).enable();
      try {
        const responses = await Promise.all(
          Array.from({ length: requests }, () => get('/sw.js', { 'Accept-Encoding': 'br' }, files)),
        );
        for (const response of responses) expect(await decoded(response)).toBe(SW_JS);
      } finally {
        hook.disable();
      }
      return count;
    };
    const one = await opened(1);
    expect(one).toBeGreaterThan(0);
    expect(await opened(3)).toBe(one);
  });

  it('sends a file over the size cap from disk each time', async () => {
    const { root } = makeBuild();
    const files = staticFiles(root, { maxFileBytes: 100, maxKeptBytes: 2 ** 20 });
    for (const accept of ['br', 'identity']) {
      const response = await get('/assets/app-abc123.js', { 'Accept-Encoding': accept }, files);
      expect(response.headers.get('Content-Length'), accept).toBe(
        String((await bytesOf(response.clone())).byteLength),
      );
      expect(response.headers.get('ETag'), accept).toMatch(/^"[\w-]{16,}"$/);
      expect(await decoded(response), accept).toBe(APP_JS);
    }
    removeWithSiblings(join(root, 'assets', 'app-abc123.js'));
    expect((await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br' }, files)).status).toBe(404);
  });

  it('keeps at most maxKeptBytes, dropping the least recently sent file first', async () => {
    const { root } = makeBuild();
    const names = ['app-abc123.js', 'other-def456.js', 'third-0a1b2c.js'];
    const paths = names.map((name) => join(root, 'assets', name));
    const total = paths.reduce((sum, path) => sum + keptSize(path), 0);
    const files = staticFiles(root, { maxFileBytes: 2 ** 20, maxKeptBytes: total - 1 });
    const send = (name: string) => get(`/assets/${name}`, { 'Accept-Encoding': 'br' }, files);
    // The first sent again before the third comes: the second is then the least recent.
    for (const name of [names[0]!, names[1]!, names[0]!, names[2]!])
      expect((await send(name)).status).toBe(200);
    for (const path of paths) removeWithSiblings(path);
    expect((await send(names[0]!)).status).toBe(200);
    expect((await send(names[1]!)).status).toBe(404);
    expect((await send(names[2]!)).status).toBe(200);
  });

  it('behind the compression middleware: siblings sent as they are, a file without them compressed once', async () => {
    const compressed = new Hono();
    compressed.use('*', compression());
    compressed.route('/', staticFiles(shared.root));
    const shell = await get('/index.html', { 'Accept-Encoding': 'br' }, compressed);
    expect(shell.headers.get('Content-Encoding')).toBe('br');
    expect((await bytesOf(shell)).equals(readFileSync(join(shared.root, 'index.html.br')))).toBe(true);
    const data = await get('/nested/deeper/data.json', { 'Accept-Encoding': 'br' }, compressed);
    expect(data.headers.get('Content-Encoding')).toBe('br');
    expect(await decoded(data)).toBe(DATA_JSON);
    // The middleware keeps the header as it is: a tag shared by two encodings is a weak one.
    expect(data.headers.get('ETag')).toMatch(/^W\/"/);
    const plain = await get('/nested/deeper/data.json', {}, compressed);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(DATA_JSON);
  });
});
