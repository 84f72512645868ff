// The baseline of the server bench: a Hono "hello" on @hono/node-server, the versions Sift runs on,
// and at /bytes a body of BYTES bytes held in memory (the size of the artifact it is compared with).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bytes = new Uint8Array(Number(process.env.BYTES ?? 0));
const app = new Hono()
  .get('/', (c) => c.text('hello'))
  .get('/bytes', (c) => {
    c.header('Content-Type', 'application/octet-stream');
    return c.body(bytes);
  });
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.info('listening'),
);
