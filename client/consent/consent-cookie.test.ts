// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIE } from '#shared/consent';
import { writeCookie } from '../lib/cookies';
import {
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_REVISION,
  readConsentCookie,
  writeConsentCookie,
} from './consent-cookie';

const decision = {
  revision: CONSENT_REVISION,
  allowed: ['preferences' as const],
  decidedAt: '2026-02-01T09:30:00.000Z',
};

afterEach(() => void vi.restoreAllMocks());

describe('consent cookie', () => {
  it('round-trips a decision among other cookies, for six months, Secure when asked', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    writeCookie('i18n_redirected', 'fr', { maxAgeSeconds: 60 });
    writeConsentCookie(decision, false);
    writeCookie('color-scheme', 'dark', { maxAgeSeconds: 60 });
    expect(readConsentCookie()).toEqual(decision);
    expect(written.mock.calls[1]![0]).toMatch(
      new RegExp(`^${CONSENT_COOKIE}=[^;]+; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax$`),
    );
    writeConsentCookie(decision, true);
    expect(written.mock.calls.at(-1)![0]).toMatch(/; SameSite=Lax; Secure$/);
  });

  it('treats a decision from another revision as no decision', () => {
    const old = encodeURIComponent(JSON.stringify({ ...decision, revision: CONSENT_REVISION - 1 }));
    expect(readConsentCookie(`${CONSENT_COOKIE}=${old}`)).toBeNull();
  });

  it('ignores missing, malformed and tampered cookies', () => {
    expect(readConsentCookie('')).toBeNull();
    expect(readConsentCookie(`${CONSENT_COOKIE}=not-json`)).toBeNull();
    expect(readConsentCookie(`${CONSENT_COOKIE}=%E0%A4%A`)).toBeNull();
    const unknownCategory = encodeURIComponent(JSON.stringify({ ...decision, allowed: ['tracking'] }));
    expect(readConsentCookie(`${CONSENT_COOKIE}=${unknownCategory}`)).toBeNull();
  });
});
