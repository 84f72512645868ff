// Sift at scale, as an operator meets it: N synthetic documents of the cities shape
// (bench/synthetic-cities.ts) imported into a fresh embedded database, then the production server's
// full build of their index with /healthz probed throughout, the engine on the artifact it serves
// (bench/scale-search-run.ts), and what a returning client downloads after 1 and after 1,000
// documents changed through the running server (`npm run import` hands the file to it), with the
// time from the change until POST /api/index names the new index. With a client build to serve
// (STATIC_DIR; a stub page otherwise), also a signed-in search in Chromium: cold and warm time to
// its first live result (bench/client-first-result.ts).
// SCALE_BENCH_SIZES (default 135000,500000,1000000) sets N; prints one JSON line per N, then one
// with them all.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type TestServer } from '../tests/support/server-process';
import { clientFirstResult } from './client-first-result';
import { signIn } from './sign-in';
import { changedSyntheticCities, mostPopulousName, syntheticCities, writeNdjson } from './synthetic-cities';

const SIZES = (process.env.SCALE_BENCH_SIZES ?? '135000,500000,1000000').split(',').map(Number);
const SOURCE = 'cities';
const user = { email: 'scale@example.test', password: 'a long enough bench password' };
const MB = 2 ** 20;

/** The peak resident memory of process `pid` so far, from Linux's /proc. */
const peakRssMb = (pid: number) =>
  Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** The resident memory of process `pid` now. */
const rssMb = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** Runs a bench script in a fresh Node process and parses the JSON line it prints last. */
function runScript(args: string[], env: Record<string, string> = {}) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 60 * 60_000,
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

/** Asks /healthz one request after another (bench/healthz-probe.ts) until `stop` is called. */
function probeHealthz(origin: string) {
  const probe = spawn(process.execPath, ['--import', 'tsx', 'bench/healthz-probe.ts', origin, '--json'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let printed = '';
  probe.stdout.on('data', (chunk) => (printed += chunk));
  const exited = once(probe, 'exit');
  return async () => {
    probe.stdin.end();
    await exited;
    return JSON.parse(printed.trim()) as { worstMs: number; p99Ms: number; requests: number };
  };
}

/** The server's log entries with this message, parsed (it logs JSON lines). */
function logged(server: TestServer, message: string): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes(message))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function until<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30 * 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Segment = { crc32c: number; size: number };
type SourceAnswer = { state: string; crc32c: number | null; size?: number; delta?: Segment };

function checksumReader(origin: string, cookie: string) {
  const ask = () =>
    fetch(`${origin}/api/index`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
      body: JSON.stringify({ dataSourceLoadStates: {}, dataSources: [SOURCE] }),
    });
  return async (): Promise<SourceAnswer | undefined> => {
    // Once more when the server closed an idle kept-alive connection as it was reused.
    const response = await ask().catch(ask);
    return ((await response.json()) as Record<string, SourceAnswer>)[SOURCE];
  };
}

/** The segments an answer names: the artifact, and its delta when there is one. */
const segmentsOf = (answer: SourceAnswer): Segment[] => [
  { crc32c: answer.crc32c!, size: answer.size ?? 0 },
  ...(answer.delta ? [answer.delta] : []),
];

/**
 * Changes `indexes`' documents (population + 1) through the running server, and measures until the
 * checksums answered change: what a client holding the previous segments downloads.
 */
async function changeDocuments(
  folder: string,
  dataDir: string,
  indexes: number[],
  readChecksums: () => Promise<SourceAnswer | undefined>,
) {
  const before = (await readChecksums())!;
  const file = join(folder, `changed-${indexes.length}.ndjson`);
  await writeNdjson(file, changedSyntheticCities(indexes));
  const started = performance.now();
  const cli = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', SOURCE, file], {
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const cliExited = once(cli, 'exit').then(() => Math.round(performance.now() - started));
  const after = await until(async () => {
    const answer = await readChecksums();
    return answer && JSON.stringify(segmentsOf(answer)) !== JSON.stringify(segmentsOf(before))
      ? answer
      : undefined;
  });
  const answeredMs = Math.round(performance.now() - started);
  const held = new Set(segmentsOf(before).map((segment) => segment.crc32c));
  const downloaded = segmentsOf(after).filter((segment) => !held.has(segment.crc32c));
  return {
    changed: indexes.length,
    importCliMs: await cliExited,
    newAnswerAfterMs: answeredMs,
    downloadedBytes: downloaded.reduce((sum, segment) => sum + segment.size, 0),
    segments: segmentsOf(after).length,
  };
}

/** `count` indexes spread over the documents, starting at `offset`. */
const spread = (count: number, total: number, offset: number) =>
  Array.from({ length: count }, (_, i) => (offset + Math.floor((i * total) / count)) % total);

async function measureAt(count: number) {
  const folder = mkdtempSync(join(tmpdir(), 'sift-scale-bench-'));
  const dataDir = join(folder, 'data');
  const file = join(folder, 'cities.ndjson');
  try {
    await writeNdjson(file, syntheticCities(count));
    // Where the server keeps its embedded database within DATA_DIR (open-configured-database.ts).
    const imported = runScript([
      'bench/import-run.ts',
      'import',
      file,
      'ndjson',
      join(dataDir, 'pglite'),
      SOURCE,
    ]);
    const clientBuild = process.env.STATIC_DIR;
    let staticDir = clientBuild;
    if (!staticDir) {
      staticDir = join(folder, 'static');
      execFileSync('mkdir', ['-p', staticDir]);
      writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Sift</title>');
    }
    const server = await startServer({
      users: [user],
      env: {
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        AUTH_SECRET: 'sift-bench-auth-secret-0123456789abcdefghijklmnop',
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'info',
      },
      waitForSearchData: false,
    });
    try {
      const origin = new URL(server.url()).origin;
      // The build starts as the server listens: the probe sees all of it but its first moments.
      const stopProbe = probeHealthz(origin);
      const serverRssAtStartMb = rssMb(server.pid);
      const built = await until(() =>
        logged(server, '"search index built"').find((entry) => entry.source === SOURCE),
      );
      const healthz = await stopProbe();
      const serverPeakRssMb = peakRssMb(server.pid);
      console.error(JSON.stringify({ documents: count, imported, built, healthz, serverPeakRssMb }));
      const session = await signIn(origin, user);
      const readChecksums = checksumReader(origin, session.cookie);
      const answer = await until(async () => {
        const current = await readChecksums();
        return current?.state === 'ready' ? current : undefined;
      });
      const artifactFile = join(folder, 'cities.artifact');
      const served = await fetch(`${origin}/api/index/${SOURCE}/${answer.crc32c}`, {
        headers: { Cookie: session.cookie },
      });
      writeFileSync(artifactFile, new Uint8Array(await served.arrayBuffer()));
      // The engine as a warm start meets it (with the arrays kept from an earlier opening), and the
      // opening that derives them (a first start, or kept arrays that did not check out).
      const derivedFile = join(folder, 'cities.derived');
      const { derivedBytes } = runScript(['bench/engine-scale-run.ts', 'derive', artifactFile, derivedFile]);
      const engine = {
        ...runScript(['bench/scale-search-run.ts', artifactFile, derivedFile]),
        derivedBytes,
        derivingToFirstResultMs: runScript(['bench/scale-search-run.ts', artifactFile]).cachedToFirstResultMs,
      };
      // Cold, the most populous city's name (in the head segment of a large source); warm, the
      // first generated city's (a search with at least one hit at any N, ranked anywhere).
      const client = clientBuild
        ? await clientFirstResult(origin, user, SOURCE, {
            coldQuery: mostPopulousName(count),
            warmQuery: String(syntheticCities(1).next().value!.name),
          })
        : undefined;
      const changes = [];
      for (const [changed, offset] of [
        [1, 1],
        [1000, 2],
      ] as const) {
        changes.push(
          await changeDocuments(folder, dataDir, spread(changed, count, offset), readChecksums).catch(
            (error: unknown) => ({ changed, error: String(error), serverLog: server.output().slice(-2000) }),
          ),
        );
      }
      return {
        documents: count,
        loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
        fileMb: Math.round(Number(execFileSync('stat', ['-c', '%s', file], { encoding: 'utf8' })) / MB),
        import: { ms: imported.ms, peakRssMb: imported.peakRssMb },
        serverBuild: {
          ms: built.ms,
          serverRssAtStartMb,
          serverPeakRssMb,
          healthz,
          rawBytes: built.rawBytes,
        },
        artifactBytes: segmentsOf(answer).reduce((sum, segment) => sum + segment.size, 0),
        engine,
        client,
        afterChanges: changes,
        serverPeakRssAfterChangesMb: peakRssMb(server.pid),
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const results = [];
for (const count of SIZES) {
  const result = await measureAt(count);
  console.info(JSON.stringify(result));
  results.push(result);
}
console.info(JSON.stringify({ bench: 'scale', node: process.version, results }));
