import { describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_REVISION,
  parseConsentCookie,
  serializeConsentCookie,
} from './consent-cookie';

const decision = {
  revision: CONSENT_REVISION,
  allowed: ['preferences' as const],
  decidedAt: '2026-02-01T09:30:00.000Z',
};

function asDocumentCookie(setCookie: string): string {
  return `i18n_redirected=fr; ${setCookie.split(';')[0]}; color-scheme=dark`;
}

describe('consent cookie', () => {
  it('round-trips a decision among other cookies', () => {
    const header = serializeConsentCookie(decision, false);
    expect(header).toContain(`Max-Age=${CONSENT_MAX_AGE_SECONDS}`);
    expect(header).toContain('Path=/; SameSite=Lax');
    expect(header).not.toContain('Secure');
    expect(serializeConsentCookie(decision, true)).toMatch(/; Secure$/);
    expect(parseConsentCookie(asDocumentCookie(header))).toEqual(decision);
  });

  it('treats a decision from another revision as no decision', () => {
    const old = serializeConsentCookie({ ...decision, revision: CONSENT_REVISION - 1 }, false);
    expect(parseConsentCookie(asDocumentCookie(old))).toBeNull();
  });

  it('ignores missing, malformed and tampered cookies', () => {
    expect(parseConsentCookie('')).toBeNull();
    expect(parseConsentCookie(`${CONSENT_COOKIE}=not-json`)).toBeNull();
    expect(parseConsentCookie(`${CONSENT_COOKIE}=%E0%A4%A`)).toBeNull();
    const unknownCategory = encodeURIComponent(JSON.stringify({ ...decision, allowed: ['tracking'] }));
    expect(parseConsentCookie(`${CONSENT_COOKIE}=${unknownCategory}`)).toBeNull();
  });
});
