// The visitor's consent, app-wide: read from the cookie, changed only through setConsent, and
// announced to subscribers in this tab and (via BroadcastChannel) in the visitor's other tabs.
// Features ask hasConsent(category) before writing anything optional.
import {
  CONSENT_REVISION,
  type ConsentCategory,
  type ConsentDecision,
  type OptionalCategory,
  optionalCategories,
  parseConsentDecision,
  readConsentCookie,
  writeConsentCookie,
} from './consent-cookie';
import { purgeCategories } from './storage-catalogue';

type Listener = (decision: ConsentDecision | null) => void;

const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('sift-consent') : null;
let current: ConsentDecision | null = readConsentCookie();

function refusedCategories(decision: ConsentDecision): OptionalCategory[] {
  return optionalCategories.filter((category) => !decision.allowed.includes(category));
}

// Whatever a refused category left behind (e.g. written before the refusal, in an older build) goes.
if (current) purgeCategories(refusedCategories(current));

function announce(): void {
  for (const listener of listeners) listener(current);
}

// The decision travels in the message: another tab's document.cookie may not show it yet.
channel?.addEventListener('message', (event: MessageEvent) => {
  current = parseConsentDecision(event.data);
  announce();
});

/** The stored decision for this revision, or null when the visitor has not decided yet. */
export function getConsent(): ConsentDecision | null {
  return current;
}

export function hasConsent(category: ConsentCategory): boolean {
  return category === 'necessary' || (current?.allowed.includes(category) ?? false);
}

/** Stores a decision; what a now-refused category stored is deleted. */
export function setConsent(allowed: OptionalCategory[]): ConsentDecision {
  current = {
    revision: CONSENT_REVISION,
    allowed: optionalCategories.filter((category) => allowed.includes(category)),
    decidedAt: new Date().toISOString(),
  };
  writeConsentCookie(current, window.location.protocol === 'https:');
  purgeCategories(refusedCategories(current));
  announce();
  channel?.postMessage(current);
  return current;
}

export function subscribeToConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
