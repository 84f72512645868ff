// What a test waits for before it takes the browser offline: the app has started and its start-up
// route preloads (search, home, about) are done. A preload failing offline makes the app reload,
// which would detach whatever the test was about to use.
import type { Page } from '@playwright/test';

export async function untilStartupPreloaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/assets\/about-[\w-]+\.js$/.test(entry.name)),
  );
  await page.waitForLoadState('networkidle');
}
