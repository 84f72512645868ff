// Three server processes on one PostgreSQL, as behind a load balancer: a builder killed with
// SIGKILL mid-build has its build finished by another within 15 s, and a server stopped with
// SIGTERM under load fails no request at a proxy that retries idempotent GETs elsewhere.
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgres } from '../tests/support/databases';
import { startServer, type TestServer } from '../tests/support/server-process';
import { loadAppConfig } from './app-config';
import { type Database, openDatabase } from './db/client';
import { writeDocuments } from './search/document-store';
import { DOCUMENTS_CHANGED_CHANNEL } from './search/index-service';
import { validateRecords } from './search/record-validation';
import { cityRecords } from './seed/cities';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Enough cities for a build of a few seconds, so the builder can be killed while it runs. */
const CITIES = 30_000;

/** Whether `server` logged `message` about `source` after the first `from` characters of its output. */
const logged = (server: TestServer, message: string, source: string, from = 0) =>
  server
    .output()
    .slice(from)
    .split('\n')
    .some((line) => line.includes(`"message":"${message}"`) && line.includes(`"source":"${source}"`));

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A load balancer in miniature: GETs go round-robin to the upstreams still listed, and one that
 * fails before its response starts (refused, reset) is tried on another. A response that breaks
 * after it started cannot be retried and counts as failed, as does any other method's error.
 */
function retryingProxy(upstreams: string[]) {
  const agent = new Agent({ keepAlive: true });
  const stats = { served: 0, retried: 0, failed: [] as string[] };
  let next = 0;
  const forward = (req: IncomingMessage, res: ServerResponse, triesLeft: number, failed?: string) => {
    const candidates = upstreams.filter((origin) => origin !== failed);
    const origin = candidates[next++ % candidates.length]!;
    const upstream = new URL(req.url!, origin);
    const outgoing = request(upstream, { method: req.method, agent }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
      answer.once('end', () => (answer.complete ? stats.served++ : stats.failed.push('cut off')));
      answer.once('aborted', () => stats.failed.push('cut off'));
    });
    outgoing.once('error', (error) => {
      if (res.headersSent) return;
      if (req.method === 'GET' && triesLeft > 0) {
        stats.retried++;
        forward(req, res, triesLeft - 1, origin);
      } else {
        stats.failed.push(error.message);
        res.writeHead(502).end();
      }
    });
    outgoing.end();
  };
  const server = createServer((req, res) => forward(req, res, upstreams.length));
  return {
    stats,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number };
          resolve(`http://127.0.0.1:${port}`);
        }),
      ),
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!adminUrl)('three processes on one PostgreSQL', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const servers: TestServer[] = [];
  let killed: TestServer | undefined;

  beforeAll(async () => {
    const fresh = await createFreshPostgres(adminUrl!);
    drop = fresh.drop;
    database = await openDatabase({ url: fresh.url });
    servers.push(
      ...(await Promise.all(
        [1, 2, 3].map(() => startServer({ env: { DATABASE_URL: fresh.url, SEED_DEMO_DATA: 'false' } })),
      )),
    );
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    await drop?.();
  });

  it('a builder killed during a build has it finished by another process within 15 s', async () => {
    const cities = loadAppConfig().gapSearch.dataSources.cities!;
    const entries = cityRecords()
      .slice(0, CITIES)
      .map((record, at) => ({ at, record }));
    // One of them builds the empty sources at start: only what they log after that counts.
    await until(
      () => servers.some((server) => logged(server, 'search index built', 'cities')),
      60_000,
      'the empty cities index is built',
    );
    const before = new Map(servers.map((server) => [server, server.output().length]));
    const since = (server: TestServer, message: string) =>
      logged(server, message, 'cities', before.get(server));
    // Watched from before the write: the stale check may start the build as soon as it commits,
    // before the write's ANALYZE returns and well before the NOTIFY.
    const started = until(
      () => servers.some((server) => since(server, 'search index build started')),
      60_000,
      'a process starts building cities',
    );
    await writeDocuments(database.db, 'cities', validateRecords(cities, entries).valid);
    await database.notify(DOCUMENTS_CHANGED_CHANNEL, 'cities');
    await started;
    const builder = servers.find((server) => since(server, 'search index build started'))!;
    killed = builder;
    process.kill(builder.pid, 'SIGKILL');
    const killedAt = Date.now();
    expect(await builder.stop()).not.toBe(0);
    const others = servers.filter((server) => server !== builder);

    await until(
      () => others.some((server) => since(server, 'search index built')),
      15_000,
      'another process finishes the cities build',
    );
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(since(builder, 'search index built')).toBe(false);
    // Its waits, not the suite's 30 s: starting the build may take a loaded machine most of a minute.
  }, 90_000);

  it('a server stopped with SIGTERM under load fails no request', async () => {
    const alive = servers.filter((server) => server !== killed);
    const proxy = retryingProxy(alive.map((server) => server.url()));
    const origin = await proxy.listen();
    const paths = ['/api/config', '/readyz', '/_i18n/en/messages.json', '/healthz'];
    let loading = true;
    const client = async (n: number) => {
      for (let i = n; loading; i++) {
        const response = await fetch(`${origin}${paths[i % paths.length]}`);
        await response.arrayBuffer();
        if (!response.ok) proxy.stats.failed.push(`${response.status} ${paths[i % paths.length]}`);
      }
    };
    const load = Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(client));

    await until(() => proxy.stats.served > 500, 30_000, 'the load is running');
    const stopped = alive[0]!;
    const exitCode = stopped.stop();
    expect(await exitCode).toBe(0);
    const servedWhenStopped = proxy.stats.served;
    await until(
      () => proxy.stats.served > servedWhenStopped + 500,
      30_000,
      'the other server carries the load',
    );
    loading = false;
    await load;
    await proxy.close();

    expect(proxy.stats.failed).toEqual([]);
    expect(stopped.output()).toContain('"message":"stopped"');
  });
});
