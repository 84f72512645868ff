// The stall probe of the server and import benches, in a process of its own so the bench's own work
// (building and sending a large body) never shows up as the server's: asks /healthz one request
// after another until stdin closes, then prints the slowest answer in ms or, with --json, the
// slowest, the 99th percentile, how many answers there were and when the five slowest were asked
// (to match with the server's log).
import { argv, stdin } from 'node:process';

const [, , origin, format] = argv;
const waits: number[] = [];
const slowest: { at: string; ms: number }[] = [];
let running = true;
stdin.on('end', () => (running = false)).resume();
// Not counted: a process's first request pays for starting its own HTTP client (40–50 ms against
// an idle server here), which is no wait of the server's.
await (await fetch(`${origin}/healthz`)).arrayBuffer();
while (running) {
  const at = new Date().toISOString();
  const started = performance.now();
  await (await fetch(`${origin}/healthz`)).arrayBuffer();
  const ms = performance.now() - started;
  waits.push(ms);
  if (slowest.length < 5 || ms > slowest.at(-1)!.ms) {
    slowest.push({ at, ms: Math.round(ms) });
    slowest.sort((a, b) => b.ms - a.ms).splice(5);
  }
}
waits.sort((a, b) => a - b);
const worstMs = Math.round(waits.at(-1) ?? 0);
const p99Ms = Math.round(waits[Math.min(waits.length - 1, Math.floor(waits.length * 0.99))] ?? 0);
console.info(
  format === '--json' ? JSON.stringify({ worstMs, p99Ms, requests: waits.length, slowest }) : worstMs,
);
