// The release bundle's test (tests/release/), apart from the unit run: it needs the built client,
// so `npm test` runs it after the e2e suite has built one (`npm run test:release`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/release/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', ['json', { outputFile: 'test-results/release.json' }]],
  },
});
