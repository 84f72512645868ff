import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../tests/support/databases';
import { createTestApp } from '../tests/support/test-app';
import type { Database } from './db/client';
import { HTTP_LIMITS, type HttpLimits, listenHttp } from './http-server';

let server: Server | undefined;
// One database for the file: each test starts its own HTTP server around a new app.
let database: Database;
beforeAll(async () => {
  database = await openTestPglite();
});
afterAll(() => database.close());
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function start(
  limits: HttpLimits = HTTP_LIMITS,
  isUpload?: (request: Request) => boolean,
): Promise<number> {
  const app = createTestApp(database);
  return new Promise((resolve) => {
    server = listenHttp(app.fetch, { port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port), {
      limits,
      isUpload,
    });
  });
}

const short: HttpLimits = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  uploadIdleMs: 400,
  checkIntervalMs: 100,
};

/** A raw connection whose every byte received is kept, and which says when the server closed it. */
function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, received: () => received, closed };
}

/** A connection to a freshly started server, on which `request` has been written. */
async function sent(request: string) {
  const client = open(await start());
  client.socket.write(request);
  return client;
}

const responses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

describe('the HTTP server', () => {
  it('answers 408 and closes a connection whose headers trickle in, while serving others', async () => {
    const port = await start(short);
    const slow = open(port);
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const other = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(other.status).toBe(200);
    await slow.closed;
    expect(responses(slow.received())).toEqual([408]);
  });

  const logBody = JSON.stringify({
    logName: 'client',
    logObject: { metadata: { severity: 'INFO', timestamp: new Date().toISOString() }, message: 'slow' },
  });
  const slowLog = `POST /api/send-log-to-gcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${logBody.length}\r\n\r\n`;
  const isLog = (request: Request) => new URL(request.url).pathname === '/api/send-log-to-gcp';
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('answers 408 and closes a connection whose body trickles in past the request limit', async () => {
    const slow = open(await start(short));
    slow.socket.write(slowLog + logBody.slice(0, 10));
    await slow.closed;
    expect(responses(slow.received())).toEqual([408]);
  });

  it('lets an upload take longer than the request limit while its bytes keep coming, and cuts it when they stop', async () => {
    const port = await start(short, isLog);
    const steady = open(port);
    steady.socket.write(slowLog);
    // Ten parts, one every 150 ms: 1.5 s in all, past the 600 ms request limit, never 400 ms idle.
    const parts = 10;
    const size = Math.ceil(logBody.length / parts);
    for (let i = 0; i < parts; i += 1) {
      await pause(150);
      steady.socket.write(logBody.slice(i * size, (i + 1) * size));
    }
    await expect.poll(() => responses(steady.received())).toEqual([202]);
    steady.socket.destroy();

    const stalled = open(port);
    stalled.socket.write(slowLog + logBody.slice(0, 10));
    await stalled.closed;
    expect(responses(stalled.received())).toEqual([408]);
  });

  it('leaves no listener behind per request on a keep-alive connection', async () => {
    const port = await start(short);
    const sockets: Socket[] = [];
    server!.on('connection', (socket) => sockets.push(socket));
    const client = open(port);
    for (let i = 1; i <= 20; i += 1) {
      client.socket.write(slowLog + logBody);
      await expect.poll(() => responses(client.received()).length).toBe(i);
    }
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.listenerCount('close')).toBeLessThan(5);
    client.socket.destroy();
  });

  it('sends the security headers with answers whose headers stay a plain record, and with the others', async () => {
    const port = await start();
    const origin = `http://127.0.0.1:${port}`;
    const answers = [
      await fetch(`${origin}/api/config`, { headers: { 'Accept-Encoding': 'br' } }),
      await fetch(`${origin}/api/index`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"dataSourceLoadStates":{}}',
      }),
      await fetch(`${origin}/healthz`),
    ];
    for (const response of answers) {
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('X-Frame-Options')).toBe('DENY');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    }
    const [config, index] = answers;
    expect(config!.headers.get('Content-Encoding')).toBe('br');
    expect(config!.headers.get('ETag')).toMatch(/^"/);
    expect(config!.headers.get('Cache-Control')).toBe('no-cache');
    expect(await config!.json()).toHaveProperty('platformName');
    expect(index!.headers.get('Cache-Control')).toBe('no-store');
  });

  /** The request that `head` (request line and headers) opens, with `body` declared by its length or chunked. */
  const framings = (head: string, body: string): [string, string][] => [
    ['declared by Content-Length', `${head}Content-Length: ${body.length}\r\n\r\n${body}`],
    [
      'sent in chunks',
      `${head}Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    ],
  ];

  const oversized = JSON.stringify({ dataSources: ['x'.repeat(1024 * 1024)] });
  const post = 'POST /api/index HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n';

  it.each(framings(post, oversized))(
    'keeps the connection usable after refusing a body too large for its route, %s',
    async (_, request) => {
      const client = await sent(request);
      await expect.poll(() => responses(client.received())).toEqual([413]);
      client.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      await client.closed;
      expect(responses(client.received())).toEqual([413, 200]);
      expect(client.received()).toContain('"too_large"');
    },
  );

  const log = JSON.stringify({
    logName: 'client',
    logObject: { metadata: { severity: 'INFO', timestamp: new Date().toISOString() }, message: 'beacon' },
  });
  const beacon =
    'POST /api/send-log-to-gcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain;charset=UTF-8\r\nConnection: close\r\n';

  it.each(framings(beacon, log))(
    'reads a text/plain log body (sendBeacon) as JSON, %s',
    async (_, request) => {
      const client = await sent(request);
      await client.closed;
      expect(responses(client.received())).toEqual([202]);
    },
  );
});
