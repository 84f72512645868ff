// The baseline of the server bench: a Hono "hello" on @hono/node-server, the versions Sift runs on.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.text('hello'));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.info('listening'),
);
