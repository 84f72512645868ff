// The import bench's case of an operator importing into a running server on the embedded database:
// `npm run import` hands the file to the server (ADR 018), which checks, writes and indexes it while
// a probe asks /healthz one request after another. Reports the CLI's time until the new index is
// built, the server's peak RSS and the probe's waits: the import must not starve the server.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../tests/support/server-process';

/** The peak resident memory of process `pid` so far, from Linux's /proc. */
const peakRssMb = (pid: number) =>
  Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

async function writeNdjson(path: string, records: number, record: (i: number) => object) {
  const out = createWriteStream(path);
  for (let i = 0; i < records; i += 1) {
    if (!out.write(`${JSON.stringify(record(i))}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export async function importBesideServer(records: number, record: (i: number) => object) {
  const folder = mkdtempSync(join(tmpdir(), 'sift-import-beside-'));
  const dataDir = join(folder, 'data');
  const file = join(folder, 'records.ndjson');
  await writeNdjson(file, records, record);
  const server = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  try {
    const origin = new URL(server.url()).origin;
    const probe = spawn(join('node_modules', '.bin', 'tsx'), ['bench/healthz-probe.ts', origin, '--json'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let printed = '';
    probe.stdout.on('data', (chunk) => (printed += chunk));
    const probeExited = once(probe, 'exit');
    const rssBeforeMb = peakRssMb(server.pid);
    const started = performance.now();
    execFileSync('npx', ['tsx', 'scripts/import.ts', 'countries', file, '--replace'], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 60 * 60_000,
    });
    const ms = Math.round(performance.now() - started);
    probe.stdin.end();
    await probeExited;
    return {
      records,
      fileMb: Math.round(statSync(file).size / 2 ** 20),
      msUntilIndexed: ms,
      serverRssBeforeMb: rssBeforeMb,
      serverPeakRssMb: peakRssMb(server.pid),
      healthz: JSON.parse(printed.trim()) as { worstMs: number; p99Ms: number; requests: number },
    };
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
