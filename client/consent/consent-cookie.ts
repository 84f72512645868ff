// The consent cookie: which optional categories the visitor allowed, under which revision of our
// storage catalogue, and when. A cookie from an older revision counts as no decision.
import { z } from 'zod/mini';
import { CONSENT_COOKIE } from '#shared/consent';
import { readCookie, writeCookie } from '../lib/cookies';

export const consentCategories = ['necessary', 'preferences', 'analytics'] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export type OptionalCategory = Exclude<ConsentCategory, 'necessary'>;
export const optionalCategories: OptionalCategory[] = ['preferences', 'analytics'];

/** Bump when a category's purpose or contents change, so everyone is asked again. */
export const CONSENT_REVISION = 1;
/** Six months, after which the visitor is asked again. */
export const CONSENT_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

export interface ConsentDecision {
  revision: number;
  /** The optional categories allowed; necessary is always allowed and not stored. */
  allowed: OptionalCategory[];
  decidedAt: string;
}

const DecisionSchema = z.object({
  revision: z.int(),
  allowed: z.array(z.enum(optionalCategories)),
  decidedAt: z.iso.datetime(),
});

/** A decision of the current revision, or null for anything else. */
export function parseConsentDecision(value: unknown): ConsentDecision | null {
  const parsed = DecisionSchema.safeParse(value);
  return parsed.success && parsed.data.revision === CONSENT_REVISION ? parsed.data : null;
}

/** The page's decision (or the one in `cookies`); null when absent, malformed or outdated. */
export function readConsentCookie(cookies?: string): ConsentDecision | null {
  return consentOfCookieValue(readCookie(CONSENT_COOKIE, cookies));
}

/** The decision a consent cookie's value holds; null when absent, malformed or outdated. */
export function consentOfCookieValue(value: string | undefined): ConsentDecision | null {
  if (value === undefined) return null;
  try {
    return parseConsentDecision(JSON.parse(value));
  } catch {
    return null;
  }
}

/** `secure` on HTTPS pages: a plain-HTTP page cannot set a Secure cookie. */
export function writeConsentCookie(decision: ConsentDecision, secure: boolean): void {
  writeCookie(CONSENT_COOKIE, JSON.stringify(decision), { maxAgeSeconds: CONSENT_MAX_AGE_SECONDS, secure });
}
