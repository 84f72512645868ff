// Runs every bench/*.bench.ts in a fresh process and prints one JSON document with their results,
// so runs can be compared with a diff. Pass names to run a subset: npm run bench -- server
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const benches = readdirSync('bench')
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .filter((name) => only.length === 0 || only.includes(name));

const results: Record<string, unknown> = {};
for (const name of benches) {
  const output = execFileSync('npx', ['tsx', `bench/${name}.bench.ts`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lastJsonLine = output
    .trim()
    .split('\n')
    .reverse()
    .find((line) => line.startsWith('{'));
  results[name] = lastJsonLine ? JSON.parse(lastJsonLine) : { error: 'no JSON output' };
}
console.info(JSON.stringify({ node: process.version, date: new Date().toISOString(), results }, null, 2));
