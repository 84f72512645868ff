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
