// Prints one closing line for the whole test run from the Vitest and Playwright JSON reports.
import { existsSync, readFileSync } from 'node:fs';

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const vitest of [read('test-results/unit.json'), read('test-results/release.json')]) {
  if (!vitest) continue;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const e2e = read('test-results/e2e.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
