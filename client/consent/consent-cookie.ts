// The consent cookie: which optional categories the visitor allowed, under which revision of our
// storage catalogue, and when. A cookie from an older revision counts as no decision.
import { z } from 'zod';

export const consentCategories = ['necessary', 'preferences', 'analytics'] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export type OptionalCategory = Exclude<ConsentCategory, 'necessary'>;
export const optionalCategories: OptionalCategory[] = ['preferences', 'analytics'];

/** Bump when a category's purpose or contents change, so everyone is asked again. */
export const CONSENT_REVISION = 1;
export const CONSENT_COOKIE = 'sift_consent';
/** Six months, after which the visitor is asked again. */
export const CONSENT_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

export interface ConsentDecision {
  revision: number;
  /** The optional categories allowed; necessary is always allowed and not stored. */
  allowed: OptionalCategory[];
  decidedAt: string;
}

const DecisionSchema = z.object({
  revision: z.number().int(),
  allowed: z.array(z.enum(optionalCategories)),
  decidedAt: z.iso.datetime(),
});

/** A decision of the current revision, or null for anything else. */
export function parseConsentDecision(value: unknown): ConsentDecision | null {
  const parsed = DecisionSchema.safeParse(value);
  return parsed.success && parsed.data.revision === CONSENT_REVISION ? parsed.data : null;
}

/** Reads the decision out of a `document.cookie` string; null when absent, malformed or outdated. */
export function parseConsentCookie(cookieHeader: string): ConsentDecision | null {
  const prefix = `${CONSENT_COOKIE}=`;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (!raw) return null;
  try {
    return parseConsentDecision(JSON.parse(decodeURIComponent(raw.slice(prefix.length))));
  } catch {
    return null;
  }
}

export function serializeConsentCookie(decision: ConsentDecision, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(decision));
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
