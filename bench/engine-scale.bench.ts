// Sift at scale (docs/search.md, "At a million documents"): for each N of SEARCH_BENCH_DOCUMENTS
// (comma-separated, default 1,000,000), seeded synthetic cities built into an artifact in one
// process, then measured from its cached bytes in a fresh one (bench/engine-scale-run.ts). Prints
// one JSON line: per N the build, the bytes, from cached bytes to the first result, the heap kept
// and latency per query kind, and the engine goals at the largest N beside the demo's goals.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const counts = (process.env.SEARCH_BENCH_DOCUMENTS ?? '1000000').split(',').map(Number);

function step(args: string[]): Record<string, unknown> {
  const output = execFileSync('npx', ['tsx', 'bench/engine-scale-run.ts', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 2 ** 20,
  });
  return JSON.parse(
    output
      .trim()
      .split('\n')
      .reverse()
      .find((line) => line.startsWith('{'))!,
  );
}

interface Stats {
  p50Ms: number;
  p95Ms: number;
}
interface Measured {
  cachedToFirstResultMs: number;
  retainedHeapAfterSearchesMb: number;
  latencyMs: { all: Record<string, Stats>; byKind: Record<string, Record<string, Stats>> };
}

const folder = mkdtempSync(join(tmpdir(), 'engine-scale-'));
const results: Record<string, unknown> = {};
let largest: Measured | undefined;
try {
  for (const count of counts) {
    const file = join(folder, `cities-${count}.artifact`);
    const built = step(['build', String(count), file]);
    const measured = step(['measure', file]) as unknown as Measured;
    results[count] = { ...built, ...measured };
    largest = measured;
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const goal = (target: string, value: number | undefined) => ({ goal: target, value });
console.info(
  JSON.stringify({
    bench: 'engine-scale',
    goals: largest && {
      searchP95PlainMs: goal('<= 2', largest.latencyMs.all.plain?.p95Ms),
      searchP95FilteredMs: goal('<= 2', largest.latencyMs.all.filtered?.p95Ms),
      prefix1to2P95Ms: goal('<= 3', largest.latencyMs.byKind.plain?.prefix1to2?.p95Ms),
      cachedToFirstResultMs: goal('<= 150', largest.cachedToFirstResultMs),
      retainedHeapMb: goal('<= 150', largest.retainedHeapAfterSearchesMb),
    },
    results,
  }),
);
