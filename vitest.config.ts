import { defineConfig } from 'vitest/config';
import { builtAtTexts } from './build/built-at-texts';

export default defineConfig({
  define: {
    __BUILD_ID__: '"test-build"',
    __BUILT_AT_TEXTS__: JSON.stringify(builtAtTexts('2026-01-01T00:00:00.000Z')),
    __APP_VERSION__: '"0.0.0-test"',
  },
  resolve: {
    // The #client/… import aliases are declared once, in tsconfig.json.
    tsconfigPaths: true,
    // One copy of graphql: Node loads its CommonJS build for Yoga, so our code must get the same one,
    // not the ESM build Vite prefers (two GraphQLError classes would mask every error).
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    projects: [
      {
        extends: true,
        // Files share their worker's modules: the server's are imported once per worker, not once
        // per file (most of the import time). A file must not count on module state another
        // file left behind: reset it in beforeEach, or import afresh after vi.resetModules().
        test: {
          name: 'shared-modules',
          include: ['{server,shared,scripts,build,bench}/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        // The browser side's stores and lazily loaded modules start fresh in every file.
        test: { name: 'client', include: ['client/**/*.test.{ts,tsx}'] },
      },
    ],
    environment: 'node',
    globalSetup: ['tests/support/database-templates.ts'],
    setupFiles: ['tests/support/thread-local-broadcast.ts'],
    // Two shared cores: the default (cores − 1) would run one file at a time. Worker threads, not
    // forked processes: they start faster (about a sixth of the suite's time).
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Its ESM build imports files without extensions, which only a bundler resolves.
    server: { deps: { inline: ['@material/material-color-utilities'] } },
    reporters: ['default', ['json', { outputFile: 'test-results/unit.json' }]],
  },
});
