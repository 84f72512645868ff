// Prints one closing line for the whole test run from the Vitest and Playwright JSON reports, then
// the e2e tests that passed only when retried.
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
/** The e2e tests that passed only when retried, as `file › title`. */
function flakyTests(suite) {
  const here = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.filter((test) => test.status === 'flaky').map(() => `${spec.file} › ${spec.title}`),
  );
  return [...here, ...(suite.suites ?? []).flatMap(flakyTests)];
}

const e2e = read('test-results/e2e.json');
let flaky = [];
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
  flaky = e2e.suites.flatMap(flakyTests);
}
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
// A retry hides a race: name it, so that it is looked into rather than passed over.
for (const title of flaky) console.info(`flaky (passed when retried): ${title}`);
