// The stall probe of the server and import benches, in a process of its own so the bench's own work
// (building and sending a large body) never shows up as the server's: asks /healthz one request
// after another until stdin closes, then prints the slowest answer in ms or, with --json, the
// slowest, the 99th percentile and how many answers there were.
import { argv, stdin } from 'node:process';

const [, , origin, format] = argv;
const waits: number[] = [];
let running = true;
stdin.on('end', () => (running = false)).resume();
while (running) {
  const started = performance.now();
  await (await fetch(`${origin}/healthz`)).arrayBuffer();
  waits.push(performance.now() - started);
}
waits.sort((a, b) => a - b);
const worstMs = Math.round(waits.at(-1) ?? 0);
const p99Ms = Math.round(waits[Math.min(waits.length - 1, Math.floor(waits.length * 0.99))] ?? 0);
console.info(format === '--json' ? JSON.stringify({ worstMs, p99Ms, requests: waits.length }) : worstMs);
