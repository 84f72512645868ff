// The server bench's stall probe, in a process of its own so the bench's own work (building and
// sending a 2 MB body) never shows up as the server's: asks /healthz one request after another
// until stdin closes, then prints the slowest answer in ms.
import { argv, stdin } from 'node:process';

const [, , origin] = argv;
let worst = 0;
let running = true;
stdin.on('end', () => (running = false)).resume();
while (running) {
  const started = performance.now();
  await (await fetch(`${origin}/healthz`)).arrayBuffer();
  worst = Math.max(worst, performance.now() - started);
}
console.info(Math.round(worst));
