import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from './tests/support/chromium';
import { SERVER_BUNDLE_VARIABLE } from './tests/support/server-bundle';

// E2E_PORT and STATIC_DIR let several checkouts or builds run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The main server's command writes it; the specs' own servers start from it too (the workers
// inherit this environment), as tests/support/server-bundle.ts explains.
const SERVER_BUNDLE = join('test-results', `server-bundle-${PORT}`);
process.env[SERVER_BUNDLE_VARIABLE] = resolve(SERVER_BUNDLE);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // Two shared cores in CI: give a first paint more than the default 5 s before calling it failed.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    // A trace of a test's retry only: recording DOM snapshots for every test costs the browser
    // about a sixth of the suite's time on two cores. `--trace on` records them all.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // No service worker precaching every asset in each fresh context; the specs about the
    // installed app and offline use allow it.
    serviceWorkers: 'block',
    // Each worker keeps one context and page across tests: a new context and page cost CI's two
    // cores about three times a load in a kept page. tests/e2e/test.ts puts back what Playwright
    // does not reset; specs that allow service workers opt out (`reuseContext: false`).
    reuseContext: true,
  },
  webServer: {
    // The global setup creates its account through it while it loads the demo data (global-setup.ts).
    command: `node --import tsx tests/support/server-bundle.ts ${SERVER_BUNDLE} && node ${SERVER_BUNDLE}/server.mjs`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: join(tmpdir(), `sift-e2e-${Date.now()}`),
      LOG_LEVEL: 'warn',
      STATIC_DIR: process.env.STATIC_DIR ?? './dist/client',
      // Pages are rendered as served by default (the environment's SERVER_RENDERING=false runs the
      // suite on the shell). Two workers share this server, which draws one page at a time and
      // sends the shell meanwhile, so specs here meet both; rendering.spec.ts and
      // i18n-theme-axe.spec.ts need every page drawn and use the rendering servers the global
      // setup starts, one per worker (tests/e2e/rendering-server.ts).
    },
  },
});
