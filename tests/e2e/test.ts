// The suite's `test` and `expect`: specs import them from here, not from '@playwright/test'.
//
// Each Playwright worker keeps one browser context and its page for all its tests
// (`reuseContext` in playwright.config.ts): on CI's two cores a new context and page cost about
// three times the CPU of a load in a kept page. Between tests Playwright closes the test's other
// pages, sends the kept one to about:blank, drops the test's routes, init scripts and clock, and
// clears cookies, the HTTP cache, and localStorage, sessionStorage and IndexedDB of the origins
// the pages visited (unregistering their service workers). The context-wide settings below it
// leaves as the test set them, so they are put back here.
//
// A service worker is not safely undone between tests (its registration and its Cache Storage
// outlive the reset, and it may still be installing), so a spec that allows one opts out of
// reuse at its top level: `test.use({ reuseContext: false })`; the check below says so.
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend({
  context: async (
    { context, reuseContext, serviceWorkers, offline, permissions, geolocation, extraHTTPHeaders },
    use,
  ) => {
    if (reuseContext && serviceWorkers === 'allow')
      throw new Error(
        'A spec that allows service workers needs test.use({ reuseContext: false }) at its top level',
      );
    await use(context);
    if (!reuseContext) return;
    // Back to what the test's options say, which is what the context was made with.
    await context.setOffline(offline ?? false);
    await context.clearPermissions();
    if (permissions?.length) await context.grantPermissions(permissions);
    await context.setGeolocation(geolocation ?? null);
    await context.setExtraHTTPHeaders(extraHTTPHeaders ?? {});
  },
});

/**
 * Options for every `request.get/post/fetch` of a spec. A kept-alive connection that idled about
 * five seconds is closed by the server as the client may be sending on it (the client's own
 * timer, a second earlier, can run late on a busy machine): the request is reset before the
 * server read it, and a browser sends it again. Playwright's request context does so when asked.
 */
export const retryOnReset = { maxRetries: 1 } as const;
