// The baseline of the server bench: a Hono "hello" on @hono/node-server, the versions Sift runs on;
// at /bytes the content of the file BYTES_FILE held in memory (the artifact it is compared with: the
// same bytes, since autocannon's own cost depends on them, far higher for binary ones); at POST
// /json a JSON body read and sent back, as a small JSON POST such as Sift's index checksums is: what
// reading a body costs in the framework itself; and at /same/<name> (GET, or POST reading the JSON
// body first) the answer ANSWERS_FILE holds under that name ({ name: { headers, body in base64 } }):
// one of Sift's answers copied byte for byte, the floor of that endpoint without Sift's routes,
// middleware, session and validation.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';

const bytes = new Uint8Array(process.env.BYTES_FILE ? readFileSync(process.env.BYTES_FILE) : []);
type Answer = { headers: [string, string][]; body: Uint8Array<ArrayBuffer> };
const answers = new Map<string, Answer>(
  Object.entries(
    process.env.ANSWERS_FILE
      ? (JSON.parse(readFileSync(process.env.ANSWERS_FILE, 'utf8')) as Record<
          string,
          { headers: [string, string][]; body: string }
        >)
      : {},
  ).map(([name, { headers, body }]) => [
    name,
    { headers, body: new Uint8Array(Buffer.from(body, 'base64')) },
  ]),
);

function sendAgain(c: Context) {
  const answer = answers.get(c.req.param('name') ?? '');
  if (!answer) return c.notFound();
  for (const [name, value] of answer.headers) c.header(name, value, { append: true });
  return c.body(answer.body);
}

const app = new Hono()
  .get('/', (c) => c.text('hello'))
  .get('/bytes', (c) => {
    c.header('Content-Type', 'application/octet-stream');
    return c.body(bytes);
  })
  .post('/json', async (c) => c.json(await c.req.json()))
  .get('/same/:name', sendAgain)
  .post('/same/:name', async (c) => {
    await c.req.json();
    return sendAgain(c);
  });
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () =>
  console.info('listening'),
);
