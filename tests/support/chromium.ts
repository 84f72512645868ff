// How every Chromium of the tests, benches and scripts is started: Debian's build, headless, with
// the background work a test machine has no use for turned off. Kept apart from playwright.config.ts,
// whose module sets the e2e run's environment.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * The e2e suite's: one renderer process per site, kept for the browser's life. Between tests
 * Playwright sends the page to about:blank, and by default the next test's first load then starts
 * two new renderer processes (about:blank's and the site's): 1.5 s of CPU on a 2.45 GHz EPYC, twice
 * what the load itself costs. The app runs the same in a shared process (as Chromium shares one
 * when it runs short of memory); site isolation guards against other sites, and the suite opens
 * none. Benches keep Chromium's own process model.
 */
export const e2eChromiumArgs = [...chromiumArgs, '--disable-site-isolation-trials', '--process-per-site'];
