// The visitor's consent, app-wide: read from the cookie, changed only through setConsent, and
// announced to subscribers in this tab and (via BroadcastChannel) in the visitor's other tabs.
// Features ask hasConsent(category) before writing anything optional.
import { createStore } from 'zustand/vanilla';
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

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('sift-consent') : null;

/** The stored decision for this revision, or null while the visitor has not decided; for useStore. */
export const consentState = createStore<{ decision: ConsentDecision | null }>()(() => ({
  decision: readConsentCookie(),
}));

function refusedCategories(decision: ConsentDecision): OptionalCategory[] {
  return optionalCategories.filter((category) => !decision.allowed.includes(category));
}

const initial = consentState.getState().decision;
// Whatever a refused category left behind (e.g. written before the refusal, in an older build) goes.
if (initial) purgeCategories(refusedCategories(initial));

// The decision travels in the message: another tab's document.cookie may not show it yet.
channel?.addEventListener('message', (event: MessageEvent) => {
  consentState.setState({ decision: parseConsentDecision(event.data) });
});

export function hasConsent(category: ConsentCategory): boolean {
  return category === 'necessary' || (consentState.getState().decision?.allowed.includes(category) ?? false);
}

/** Stores a decision; what a now-refused category stored is deleted. */
export function setConsent(allowed: OptionalCategory[]): ConsentDecision {
  const decision: ConsentDecision = {
    revision: CONSENT_REVISION,
    allowed: optionalCategories.filter((category) => allowed.includes(category)),
    decidedAt: new Date().toISOString(),
  };
  writeConsentCookie(decision, window.location.protocol === 'https:');
  purgeCategories(refusedCategories(decision));
  consentState.setState({ decision });
  channel?.postMessage(decision);
  return decision;
}
