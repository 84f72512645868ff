import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compression } from './middleware/compression';
import { precompress, sendPrecompressed } from './precompressed';

const text = JSON.stringify({ words: Array.from({ length: 500 }, (_, i) => `word ${i}`) });
const body = precompress(text, 'application/json');
// Behind the compression middleware, as in the app: it must leave these bodies alone.
const app = new Hono().use(compression()).get('/', (c) => sendPrecompressed(c, body));
const get = (headers: Record<string, string>) => app.request('/', { headers });

describe('a precompressed body', () => {
  it('is sent in the encoding the client prefers, compressed once', async () => {
    const br = await get({ 'Accept-Encoding': 'gzip, br' });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
    const gzip = await get({ 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);
    const plain = await get({});
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(text);
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
  });

  it('answers 304 to a client that holds it', async () => {
    const first = await get({ 'Accept-Encoding': 'br' });
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await get({ 'Accept-Encoding': 'br', 'If-None-Match': `"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await get({ 'If-None-Match': '"other"' })).status).toBe(200);
  });
});
