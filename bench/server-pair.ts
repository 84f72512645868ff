// Paired comparison of server variants (another checkout of the code, another environment) under
// the same load: each variant serves a copy of one seeded data folder at once, and each endpoint is
// loaded on bare Hono and on every variant in turn, round after round, the order rotating, so the
// machine's load moves all of them alike; PAIR_TOGETHER=1 loads the variants at the same moment
// instead (their CPU per request then meets the very same machine). Prints the medians of req/s,
// the serving process's CPU per request and p99, and RSS after a full garbage collection at the end.
// The seed is a DATA_DIR a production server has filled (SEED_DEMO_DATA=true, until /readyz says its
// searchData is ready) with bench@example.test made by scripts/users.ts; a variant's cwd is a copy of
// the code (git archive) with node_modules linked.
//   PAIR_SEED=<seeded DATA_DIR> PAIR_VARIANTS='[{"name":"before","cwd":"/tmp/before"},{"name":"after"}]' \
//   PAIR_ENDPOINTS=publicConfig,indexChecksums PAIR_ROUNDS=5 PAIR_SECONDS=5 npx tsx bench/server-pair.ts
// A variant may also differ by environment: {"name":"arenas2","env":{"MALLOC_ARENA_MAX":"2"}}.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../tests/support/server-process';
import { signIn } from './sign-in';

interface Variant {
  name: string;
  cwd?: string;
  env?: Record<string, string>;
}

const seed = process.env.PAIR_SEED;
if (!seed) throw new Error('PAIR_SEED: a DATA_DIR the server has seeded, with bench@example.test in it');
const variants = JSON.parse(process.env.PAIR_VARIANTS ?? '[{"name":"current"}]') as Variant[];
const endpointNames = (process.env.PAIR_ENDPOINTS ?? 'publicConfig,indexChecksums').split(',');
const ROUNDS = Number(process.env.PAIR_ROUNDS ?? 5);
const SECONDS = Number(process.env.PAIR_SECONDS ?? 5);
/** Loads every variant at the same moment (the CPU per request then meets the same machine; req/s is shared). */
const TOGETHER = process.env.PAIR_TOGETHER === '1';
const user = { email: 'bench@example.test', password: 'a long enough bench password' };

function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Math.round(Number(line![1]) / 1024);
}
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Served {
  name: string;
  origin: string;
  child: ChildProcess;
  output: string;
  collections: number;
}

async function start(variant: Variant): Promise<Served> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sift-pair-'));
  cpSync(seed!, dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: variant.cwd ?? process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: process.env.STATIC_DIR ?? resolve('dist/client'),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'sift-bench-auth-secret-0123456789abcdefghijklmnop',
      NODE_OPTIONS: `--import ${resolve('bench/gc-on-signal.mjs')}`,
      ...variant.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const served: Served = {
    name: variant.name,
    origin: `http://127.0.0.1:${port}`,
    child,
    output: '',
    collections: 0,
  };
  const keep = (chunk: Buffer) => {
    served.output += chunk;
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant.name} exited:\n${served.output}`);
    const ready = await fetch(`${served.origin}/readyz`).then(
      (r) => r.text(),
      () => '',
    );
    if (ready.includes('"searchData":"ready"')) return served;
    await pause(300);
  }
}

async function rssAfterGc(served: Served): Promise<number> {
  served.collections += 1;
  served.child.kill('SIGUSR2');
  while (!served.output.includes(`bench-gc ${served.collections}\n`)) await pause(200);
  const readings = [rssMb(served.child.pid!)];
  while (readings.length < 30) {
    await pause(500);
    readings.push(rssMb(served.child.pid!));
    const last = readings.slice(-3);
    if (last.length === 3 && Math.max(...last) - Math.min(...last) < 2) break;
  }
  return readings.at(-1)!;
}

interface Target {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

async function load(origin: string, target: Target, pid: number, seconds = SECONDS) {
  const before = cpuMicros(pid);
  const result = await autocannon({
    url: origin + target.path,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: 50,
    duration: seconds,
  });
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(`${origin}${target.path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: Math.round(result.requests.average),
    cpu: (cpuMicros(pid) - before) / result.requests.total,
    p99: result.latency.p99,
  };
}

const servers: Served[] = [];
for (const variant of variants) servers.push(await start(variant));
const barePort = await freePort();
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-hono.ts'], {
  env: { ...process.env, PORT: String(barePort) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((done) => bare.stdout!.once('data', () => done()));
const bareServed = { name: 'bareHono', origin: `http://127.0.0.1:${barePort}`, pid: bare.pid! };

function targetsFor(origin: string, cookie: string): Record<string, Target> {
  const json = { 'Content-Type': 'application/json', Origin: origin };
  return {
    staticShell: { path: '/', headers: { 'Accept-Encoding': 'br' } },
    publicConfig: { path: '/api/config' },
    session: { path: '/api/auth/session', headers: { Cookie: cookie } },
    indexChecksums: {
      method: 'POST',
      path: '/api/index',
      headers: { ...json, Cookie: cookie },
      body: JSON.stringify({ dataSourceLoadStates: {} }),
    },
    backupRead: { path: '/api/backup', headers: { Cookie: cookie } },
  };
}

const runs = await Promise.all(
  servers.map(async (served) => {
    const { cookie } = await signIn(served.origin, user);
    return { served, targets: targetsFor(served.origin, cookie) };
  }),
);
// Warm-up: every endpoint on every variant, so JIT and lazy caches are in place.
for (const { served, targets } of runs)
  for (const name of endpointNames) await load(served.origin, targets[name]!, served.child.pid!, 2);
const rssAfterWarmUp = await Promise.all(servers.map(rssAfterGc));

type Sample = Awaited<ReturnType<typeof load>>;
const samples: Record<string, Record<string, Sample[]>> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const name of endpointNames) {
    const order = runs.map((_, i) => runs[(i + round) % runs.length]!);
    const bareSample = await load(bareServed.origin, { path: '/' }, bareServed.pid);
    samples[name] ??= { bareHono: [] };
    samples[name].bareHono!.push(bareSample);
    const measured = TOGETHER
      ? await Promise.all(
          order.map(({ served, targets }) => load(served.origin, targets[name]!, served.child.pid!)),
        )
      : [];
    for (const [i, { served, targets }] of order.entries()) {
      const sample = measured[i] ?? (await load(served.origin, targets[name]!, served.child.pid!));
      samples[name][served.name] ??= [];
      samples[name][served.name]!.push(sample);
      console.error(
        `round ${round + 1} ${name} ${served.name}: ${sample.rps} req/s, ${sample.cpu.toFixed(1)} µs, ` +
          `bare ${bareSample.rps} req/s ${bareSample.cpu.toFixed(1)} µs`,
      );
    }
  }
}
const rssAfterRun = await Promise.all(servers.map(rssAfterGc));
const summary: Record<string, unknown> = {};
for (const [name, byVariant] of Object.entries(samples)) {
  const bareRuns = byVariant.bareHono!;
  summary[name] = Object.fromEntries(
    Object.entries(byVariant).map(([variant, list]) => [
      variant,
      {
        rps: median(list.map((s) => s.rps)),
        cpuMicros: Number(median(list.map((s) => s.cpu)).toFixed(1)),
        p99: median(list.map((s) => s.p99)),
        shareOfBareHono: Number(median(list.map((s, i) => s.rps / bareRuns[i]!.rps)).toFixed(3)),
        cpuShareOfBareHono: Number(median(list.map((s, i) => bareRuns[i]!.cpu / s.cpu)).toFixed(3)),
        cheaperThanFirst:
          variant === servers[0]!.name || variant === 'bareHono'
            ? undefined
            : list.filter((s, i) => s.cpu < byVariant[servers[0]!.name]![i]!.cpu).length,
      },
    ]),
  );
}
console.info(
  JSON.stringify(
    {
      rounds: ROUNDS,
      seconds: SECONDS,
      summary,
      rssMb: Object.fromEntries(
        servers.map((s, i) => [
          s.name,
          {
            afterWarmUp: rssAfterWarmUp[i],
            afterRun: rssAfterRun[i],
            ratio: Number((rssAfterRun[i]! / rssAfterWarmUp[i]!).toFixed(2)),
          },
        ]),
      ),
    },
    null,
    2,
  ),
);
bare.kill();
for (const served of servers) served.child.kill('SIGTERM');
