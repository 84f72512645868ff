// Latency statistics shared by the benchmarks.
export interface LatencyStats {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export function latencyStats(durationsMs: number[]): LatencyStats {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    samples: sorted.length,
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

/** Times `run` `samples` times after `warmup` untimed runs. */
export async function measure(
  run: () => Promise<unknown>,
  samples: number,
  warmup = 50,
): Promise<LatencyStats> {
  for (let i = 0; i < warmup; i += 1) await run();
  const durations: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    await run();
    durations.push(performance.now() - start);
  }
  return latencyStats(durations);
}
