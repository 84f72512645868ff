// The baseline of the server bench: a Hono "hello" on @hono/node-server, the versions Sift runs on;
// at /bytes the content of the file BYTES_FILE held in memory (the artifact it is compared with: the
// same bytes, since autocannon's own cost depends on them, far higher for binary ones); and at /same
// the response described by SAME_FILE ({ headers, body }): an answer of Sift's copied header for
// header, the floor of what answering with those headers costs, without Sift's routes and middleware;
// at POST /json a JSON body read and sent back, as a small JSON POST such as Sift's index
// checksums is: what reading a body costs in the framework itself; and at POST /same a JSON body
// read and answered with the response SAME_POST_FILE describes (Sift's index checksums as sent):
// the floor of that endpoint, without Sift's routes, middleware, session and validation.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bytes = new Uint8Array(process.env.BYTES_FILE ? readFileSync(process.env.BYTES_FILE) : []);
type Answer = { headers: [string, string][]; body: string };
const answerIn = (file: string | undefined): Answer =>
  file ? (JSON.parse(readFileSync(file, 'utf8')) as Answer) : { headers: [], body: '' };
const same = answerIn(process.env.SAME_FILE);
const samePost = answerIn(process.env.SAME_POST_FILE);
const app = new Hono()
  .get('/', (c) => c.text('hello'))
  .get('/bytes', (c) => {
    c.header('Content-Type', 'application/octet-stream');
    return c.body(bytes);
  })
  .get('/same', (c) => {
    for (const [name, value] of same.headers) c.header(name, value, { append: true });
    return c.body(same.body);
  })
  .post('/json', async (c) => c.json(await c.req.json()))
  .post('/same', async (c) => {
    await c.req.json();
    for (const [name, value] of samePost.headers) c.header(name, value, { append: true });
    return c.body(samePost.body);
  });
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.info('listening'),
);
