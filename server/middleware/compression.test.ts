// Which answers the compression middleware compresses: only those worth it, as the client accepts.
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { plainResponse } from '../plain-response';
import { compression } from './compression';

const small = JSON.stringify({ countries: { state: 'ready', crc32c: 1234 } });
const large = JSON.stringify({ items: 'x'.repeat(2000) });

function app() {
  const app = new Hono();
  app.use('*', compression());
  const json = { 'content-type': 'application/json' };
  app.get('/small', (c) => plainResponse(c, small, 200, json));
  app.get('/large', (c) => plainResponse(c, large, 200, json));
  app.get('/large-bytes', (c) => plainResponse(c, new TextEncoder().encode(large), 200, json));
  return app;
}
const br = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('compression of plain responses', () => {
  it('sends a body under 1 KB as it is, even to a client that accepts brotli', async () => {
    const response = await app().request('/small', { headers: br });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toBeNull();
    expect(await response.text()).toBe(small);
  });

  it('compresses a larger body, given as text or as bytes', async () => {
    for (const path of ['/large', '/large-bytes']) {
      const response = await app().request(path, { headers: br });
      expect(response.headers.get('Content-Encoding'), path).toBe('br');
      expect(response.headers.get('Vary'), path).toBe('Accept-Encoding');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(brotliDecompressSync(bytes).toString(), path).toBe(large);
    }
  });

  it('sends a larger body as it is to a client that accepts no encoding', async () => {
    const response = await app().request('/large');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(await response.text()).toBe(large);
  });
});
