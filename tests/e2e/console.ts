// Collects console errors, hydration warnings and uncaught page errors so a test can assert there
// were none (a server-rendered page that hydrates with a mismatch fails every test that checks).
import type { Page } from '@playwright/test';

export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
