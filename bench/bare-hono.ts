// The baseline of the server bench: a Hono "hello" on @hono/node-server, the versions Sift runs on,
// and at /bytes the content of the file BYTES_FILE held in memory (the artifact it is compared
// with: the same bytes, since autocannon's own cost depends on them, far higher for binary ones).
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bytes = new Uint8Array(process.env.BYTES_FILE ? readFileSync(process.env.BYTES_FILE) : []);
const app = new Hono()
  .get('/', (c) => c.text('hello'))
  .get('/bytes', (c) => {
    c.header('Content-Type', 'application/octet-stream');
    return c.body(bytes);
  });
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.info('listening'),
);
