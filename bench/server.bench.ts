// The server under load, as an operator measures it: the production server on the embedded
// database with the demo data and one user, autocannon at 50 connections on each endpoint a client
// uses, and a bare Hono "hello" of the same versions started in the same run as the baseline.
// BENCH_SECONDS sets the seconds per endpoint (default 20); BENCH_POSTGRES_URL runs the server on
// a fresh database created on that PostgreSQL server (and dropped afterwards) instead;
// BENCH_ENDPOINTS=graphqlLookups,session measures only the endpoints named (and the baseline);
// STATIC_DIR names the client build to serve (default dist/client); BENCH_CPU_PROF=<folder> has the
// server write a CPU profile there when it stops (bench/cpu-profile.mjs; with BENCH_ENDPOINTS naming
// one endpoint, the loaded part is that endpoint's). RSS is read after a full garbage collection the
// server makes when signalled (bench/gc-on-signal.mjs, always preloaded). The rendered pages marked
// `probeHealthz` are loaded once more while /healthz is probed: the worst wait is what they cost
// every other request.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { LOOKUPS_BODY } from '#server/graphql/prepared-lookups';
import { toSnapshot } from '../shared/kv/kv-snapshot';
import { setRecord } from '../shared/kv/kv-transitions';
import { CookieJar } from '../tests/support/cookie-jar';
import { freePort, startServer, type TestServer } from '../tests/support/server-process';
import { signIn } from './sign-in';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
const user = { email: 'bench@example.test', password: 'a long enough bench password' };

const staticDir = process.env.STATIC_DIR ?? 'dist/client';
if (!existsSync(join(staticDir, 'index.html')))
  throw new Error(`Build the client first: npm run build (${staticDir})`);

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
}

let collections = 0;
/**
 * RSS after a full garbage collection (bench/gc-on-signal.mjs), so that readings compare like with
 * like: once the collection is reported, read until V8's threads have given the freed pages back
 * (three readings within 2 MB of each other, half a second apart).
 */
async function rssAfterGcMb(server: TestServer): Promise<number> {
  collections += 1;
  process.kill(server.pid, 'SIGUSR2');
  const pause = () => new Promise((resolve) => setTimeout(resolve, 500));
  while (!server.output().includes(`bench-gc ${collections}\n`)) await pause();
  const readings = [rssMb(server.pid)];
  while (readings.length < 30) {
    await pause();
    readings.push(rssMb(server.pid));
    const last = readings.slice(-3);
    if (last.length === 3 && Math.max(...last) - Math.min(...last) < 2) break;
  }
  return readings.at(-1)!;
}

/** CPU time (user and system) the process has used so far, in µs. */
function cpuMicros(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name, which may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat times, on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

interface Target {
  method?: 'GET' | 'POST';
  /** Also loaded while /healthz is probed (healthzWhileLoaded). */
  probeHealthz?: boolean;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Loads one endpoint. With `pid`, also the serving process's CPU time per request: on a shared
 * machine other work takes cores from the server and the client alike and moves req/s, far less the
 * CPU each request costs.
 */
type LoadResult = Awaited<ReturnType<typeof load>>;

async function load(origin: string, target: Target, seconds = SECONDS, pid?: number) {
  const cpuBefore = pid === undefined ? 0 : cpuMicros(pid);
  const result = await autocannon({
    url: origin + target.path,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(pid !== undefined && {
      cpuMicrosPerRequest: Math.round((cpuMicros(pid) - cpuBefore) / result.requests.total),
    }),
  };
}

async function startBareHono(port: number, files: { bytes: string; answers: string }) {
  // Node itself, with tsx as a loader: killing it then stops the server, not a wrapper around it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-hono.ts'], {
    env: { ...process.env, PORT: String(port), BYTES_FILE: files.bytes, ANSWERS_FILE: files.answers },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return child;
}

/** A 20-entry snapshot as the client backs it up. */
function backupSnapshot() {
  const records = Array.from({ length: 20 }, (_, i) =>
    setRecord(
      undefined,
      `bench.item${i}`,
      { setting: `value ${i}`, list: [i, i + 1, i + 2] },
      {},
      new Date(Date.UTC(2026, 0, 1, 0, i)),
    ),
  );
  return JSON.stringify(toSnapshot(records));
}

/** Headers Node writes for the connection itself, not the app's answer. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** GraphQL documents meant to freeze a server: each must be refused at once. */
const hostileDocuments = {
  typenames200k: `{ ${'__typename '.repeat(200_000)}}`,
  aliases10k: `{ ${Array.from({ length: 10_000 }, (_, i) => `a${i}: __typename`).join(' ')} }`,
  nestedFragments1k: `{ ...F0 } ${Array.from({ length: 1000 }, (_, i) =>
    i < 999 ? `fragment F${i} on Query { ...F${i + 1} }` : `fragment F${i} on Query { __typename }`,
  ).join(' ')}`,
};

/**
 * The stall probe (bench/healthz-probe.ts) asking /healthz until stopped; up for a second before
 * this resolves, so that its own start-up is out of the numbers.
 */
async function startHealthzProbe(origin: string) {
  const probe = spawn(join('node_modules', '.bin', 'tsx'), ['bench/healthz-probe.ts', origin, '--json'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const report = new Promise<{ worstMs: number; p99Ms: number; requests: number }>((resolve) => {
    let printed = '';
    probe.stdout.on('data', (chunk) => (printed += chunk));
    probe.on('exit', () => resolve(JSON.parse(printed)));
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return {
    stop() {
      probe.stdin.end();
      return report;
    },
  };
}

/** Sends each hostile document while /healthz is asked again and again; the worst wait is the stall. */
async function hostileRequests(origin: string) {
  const results: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(hostileDocuments)) {
    const body = JSON.stringify({ query });
    const probe = await startHealthzProbe(origin);
    const started = performance.now();
    const response = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json' },
      body,
    });
    const answer = (await response.json()) as { errors?: { message: string }[] };
    const ms = performance.now() - started;
    results[name] = {
      bodyBytes: body.length,
      status: response.status,
      ms: Math.round(ms),
      worstHealthzMs: (await probe.stop()).worstMs,
      error: answer.errors?.[0]?.message,
    };
  }
  return results;
}

/**
 * /healthz asked one request after another while the target is loaded at 50 connections: what the
 * target's work costs every other request waiting for the event loop.
 */
async function healthzWhileLoaded(origin: string, target: Target, seconds: number) {
  const probe = await startHealthzProbe(origin);
  const loaded = await load(origin, target, seconds);
  const healthz = await probe.stop();
  return {
    requestsPerSecond: loaded.requestsPerSecond,
    p99Ms: loaded.p99Ms,
    worstHealthzMs: healthz.worstMs,
    p99HealthzMs: healthz.p99Ms,
    healthzRequests: healthz.requests,
  };
}

/** A fresh database on BENCH_POSTGRES_URL's server, or none (the embedded database). */
async function benchDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const admin = process.env.BENCH_POSTGRES_URL;
  if (!admin) return { drop: async () => {} };
  const name = `sift_bench_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const database = await benchDatabase();
const server = await startServer({
  users: [user],
  env: {
    ...(database.url && { DATABASE_URL: database.url }),
    NODE_ENV: 'production',
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'sift-bench-auth-secret-0123456789abcdefghijklmnop',
    NODE_OPTIONS: [
      process.env.NODE_OPTIONS ?? '',
      `--import ${resolve('bench/gc-on-signal.mjs')}`,
      process.env.BENCH_CPU_PROF ? `--import ${resolve('bench/cpu-profile.mjs')}` : '',
    ].join(' '),
  },
});
const origin = new URL(server.url()).origin;
const session = await signIn(origin, user);
// An anonymous visitor's cookies after its first session read (the CSRF and return-page cookies).
const visitor = new CookieJar();
visitor.store(await fetch(`${origin}/api/auth/session?callbackUrl=%2F`));
// What Chromium sends with every request: a small answer must not be compressed for it.
const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const json = { ...browser, 'Content-Type': 'application/json', Origin: origin };
const graphqlHeaders = { ...json, Accept: 'application/graphql-response+json, application/json' };
// A browser's navigation: the server draws the page for a visitor without a session.
const pageHeaders = { Accept: 'text/html,application/xhtml+xml', 'Accept-Encoding': 'gzip, deflate, br' };
const checksums = (await (
  await fetch(`${origin}/api/index`, { method: 'POST', headers: json, body: '{"dataSourceLoadStates":{}}' })
).json()) as Record<string, { crc32c: number }>;
const countries = checksums.countries?.crc32c;
if (!countries) throw new Error('the countries index is not built');

const allTargets: Record<string, Target> = {
  staticShell: { path: '/', headers: { 'Accept-Encoding': 'br' } },
  // No session, no database: what the framework and the middleware every request passes cost.
  publicConfig: { path: '/api/config' },
  session: { path: '/api/auth/session', headers: { ...browser, Cookie: session.cookie } },
  // What an anonymous visitor's app asks on every start and focus.
  sessionAnonymous: {
    path: '/api/auth/session?callbackUrl=%2F',
    headers: { ...browser, Cookie: visitor.header() },
  },
  indexChecksums: {
    method: 'POST',
    path: '/api/index',
    headers: { ...json, Cookie: session.cookie },
    body: JSON.stringify({ dataSourceLoadStates: {} }),
  },
  countriesArtifact: { path: `/api/index/countries/${countries}` },
  countriesArtifactRevalidated: {
    path: `/api/index/countries/${countries}`,
    headers: { 'If-None-Match': `"${countries}"` },
  },
  backupRead: { path: '/api/backup', headers: { ...browser, Cookie: session.cookie } },
  backupUnchanged: {
    method: 'POST',
    path: '/api/backup',
    headers: { ...json, Cookie: session.cookie },
    body: backupSnapshot(),
  },
  // An anonymous first visit's page, drawn by the server (docs/rendering.md), as a browser asks.
  renderedHome: { path: '/', headers: pageHeaders, probeHealthz: true },
  renderedAbout: { path: '/about', headers: pageHeaders },
  renderedHomeFrench: { path: '/', headers: { ...pageHeaders, Cookie: 'i18n_redirected=fr' } },
  renderedItem: { path: '/item/countries/FRA', headers: pageHeaders, probeHealthz: true },
  // The client's own request (client/features/lookups), answered from the prepared copy.
  graphqlLookups: {
    method: 'POST',
    path: '/graphql',
    headers: { ...graphqlHeaders, Authorization: `Bearer ${session.bearer}` },
    body: LOOKUPS_BODY,
  },
  // The same data asked another way: prepared too, as any query that reads only the lookups.
  graphqlLookupsOtherSpelling: {
    method: 'POST',
    path: '/graphql',
    headers: { ...graphqlHeaders, Authorization: `Bearer ${session.bearer}` },
    body: JSON.stringify({ query: '{ lookups { id values } }' }),
  },
  // An anonymous visitor's (the public namespaces), prepared apart from the signed-in answers.
  graphqlLookupsAnonymous: { method: 'POST', path: '/graphql', headers: graphqlHeaders, body: LOOKUPS_BODY },
  // A query GraphQL parses, validates and executes on every request.
  graphqlExecuted: {
    method: 'POST',
    path: '/graphql',
    headers: { ...graphqlHeaders, Authorization: `Bearer ${session.bearer}` },
    body: JSON.stringify({ query: '{ dataSources { name } }' }),
  },
};
const only = process.env.BENCH_ENDPOINTS?.split(',').map((name) => name.trim());
const targets = Object.fromEntries(
  Object.entries(allTargets).filter(([name]) => !only || only.includes(name)),
);

const serverPid = server.pid;
const rssAfterStart = await rssAfterGcMb(server);
// Warm-up: every endpoint as long as in the second pass below, so lazy caches and JIT are in place
// and the heap has grown to its working size before RSS is read.
const passSeconds = Math.max(2, SECONDS / 4);
for (const target of Object.values(targets)) await load(origin, target, passSeconds);
const rssAfterWarmUp = await rssAfterGcMb(server);

const barePort = await freePort();
const artifactFile = join(mkdtempSync(join(tmpdir(), 'sift-bench-')), 'countries.bin');
const artifact = await fetch(`${origin}/api/index/countries/${countries}`);
writeFileSync(artifactFile, new Uint8Array(await artifact.arrayBuffer()));
/**
 * Sift's answer to `target`'s request, byte for byte as sent (compressed if it was), with its
 * headers but those of the connection: for bare Hono to send again.
 */
function sentAnswer(target: Target): Promise<{ headers: [string, string][]; body: string }> {
  return new Promise((resolveAnswer, reject) => {
    const request = httpRequest(
      origin + target.path,
      { method: target.method ?? 'GET', headers: target.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolveAnswer({
            headers: Object.entries(response.headers).flatMap(([name, value]) =>
              TRANSPORT_HEADERS.has(name) || value === undefined
                ? []
                : [value].flat().map((one): [string, string] => [name, one]),
            ),
            body: Buffer.concat(chunks).toString('base64'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}
// Endpoints whose exact answer bare Hono sends again, after reading the same request: the floor
// of each on Node and Hono, so that its share of it is what Sift's own work on it costs.
// /api/config: the floor of any answer with the headers Sift sends; POST /api/index: of a small
// JSON POST; the GraphQL lookups: of sending their 10 KB of brotli, which the load generator reads.
// Only those measured in this run (BENCH_ENDPOINTS): each floor is another run as long as theirs.
const sameAnswerNames = ['publicConfig', 'indexChecksums', 'graphqlLookups'].filter(
  (name) => name in targets,
);
const answersFile = join(dirname(artifactFile), 'answers.json');
const answers = await Promise.all(sameAnswerNames.map((name) => sentAnswer(allTargets[name]!)));
writeFileSync(
  answersFile,
  JSON.stringify(Object.fromEntries(sameAnswerNames.map((name, i) => [name, answers[i]]))),
);
const bare = await startBareHono(barePort, { bytes: artifactFile, answers: answersFile });
const bareOrigin = `http://127.0.0.1:${barePort}`;
const bareHono = await load(bareOrigin, { path: '/' }, SECONDS, bare.pid);
// The artifact is compared with the same bytes from bare Hono.
const bareHonoBytes = await load(bareOrigin, { path: '/bytes' }, SECONDS, bare.pid);
const bareHonoJsonPost = await load(
  bareOrigin,
  { method: 'POST', path: '/json', headers: json, body: JSON.stringify({ dataSourceLoadStates: {} }) },
  SECONDS,
  bare.pid,
);
const sameAnswers: Record<string, LoadResult> = {};
for (const name of sameAnswerNames) {
  sameAnswers[name] = await load(
    bareOrigin,
    { ...allTargets[name]!, path: `/same/${name}` },
    SECONDS,
    bare.pid,
  );
}
bare.kill();

/** `measured` with its share of `baseline`'s requests per second, and of its CPU per request. */
function withShare(measured: LoadResult, baseline: LoadResult) {
  return {
    ...measured,
    shareOfBareHono: Number((measured.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)),
    // Bare Hono's CPU per request over this endpoint's: the share were CPU the only limit.
    cpuShareOfBareHono: Number((baseline.cpuMicrosPerRequest! / measured.cpuMicrosPerRequest!).toFixed(3)),
  };
}

const results: Record<string, unknown> = {};
for (const [name, target] of Object.entries(targets)) {
  const measured = await load(origin, target, SECONDS, serverPid);
  const same = sameAnswers[name];
  results[name] = {
    ...withShare(measured, name === 'countriesArtifact' ? bareHonoBytes : bareHono),
    // Of bare Hono answering the same request with the same bytes (bareHonoSameAnswers).
    ...(same && {
      shareOfSameAnswer: Number((measured.requestsPerSecond / same.requestsPerSecond).toFixed(3)),
    }),
  };
}
const rssAfterRun = await rssAfterGcMb(server);
// Every endpoint once more: memory that keeps growing here leaks; memory that levels off was the
// heap and the embedded database growing to their working size.
for (const target of Object.values(targets)) await load(origin, target, passSeconds);
const rssAfterSecondRun = await rssAfterGcMb(server);
const hostile = await hostileRequests(origin);
const stalls: Record<string, unknown> = {};
for (const [name, target] of Object.entries(targets))
  if (target.probeHealthz) stalls[name] = await healthzWhileLoaded(origin, target, passSeconds);
await server.stop();
await database.drop();

console.info(
  JSON.stringify({
    bench: 'server',
    database: database.url ? 'postgres' : 'pglite',
    // glibc's malloc arenas in the server (the environment's, as the server inherits it): RSS depends on them.
    mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? null,
    connections: CONNECTIONS,
    secondsPerEndpoint: SECONDS,
    bareHono,
    bareHonoBytes,
    // Bare Hono reading a small JSON body and answering it: POST /api/index's share of the hello
    // can be no higher than this one's.
    bareHonoJsonPost: withShare(bareHonoJsonPost, bareHono),
    // Bare Hono answering an endpoint's request with its exact answer, headers and all: the highest
    // share of the hello that endpoint can reach on Node and Hono (its shareOfSameAnswer is of this).
    bareHonoSameAnswers: Object.fromEntries(
      Object.entries(sameAnswers).map(([name, same]) => [name, withShare(same, bareHono)]),
    ),
    results,
    hostile,
    healthzWhileLoaded: stalls,
    rssMb: {
      afterStart: rssAfterStart,
      afterWarmUp: rssAfterWarmUp,
      afterRun: rssAfterRun,
      ratio: Number((rssAfterRun / rssAfterWarmUp).toFixed(2)),
      afterSecondRun: rssAfterSecondRun,
    },
  }),
);
