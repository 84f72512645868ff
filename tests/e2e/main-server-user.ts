// The account of the main e2e server (playwright.config.ts), created by the global setup, for specs that
// need a signed-in user and the demo data it has already loaded.
export const mainServerUser = { email: 'ann@example.test', password: 'a long enough password' };
