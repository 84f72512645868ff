// A stored consent decision for e2e tests that should not see the first-visit banner.
import type { BrowserContext } from '@playwright/test';
import { CONSENT_REVISION, type OptionalCategory } from '#client/consent/consent-cookie';
import { CONSENT_COOKIE } from '#shared/consent';

export async function decideConsent(
  context: BrowserContext,
  baseURL: string,
  allowed: OptionalCategory[] = [],
): Promise<void> {
  const decision = { revision: CONSENT_REVISION, allowed, decidedAt: new Date().toISOString() };
  await context.addCookies([
    { name: CONSENT_COOKIE, value: encodeURIComponent(JSON.stringify(decision)), url: baseURL },
  ]);
}
