// React access to the consent store: re-renders when the decision changes, here or in another tab.
// A page the server drew is drawn and hydrated with the decision its cookie held (the store is the
// browser's; on the server it knows no visitor).
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useFirstRender, useServerDrawn } from '#client/lib/first-render';
import { consentOfCookieValue } from './consent-cookie';
import { consentState } from './consent-store';

export function useConsent() {
  const decision = useStore(consentState, (state) => state.decision);
  const firstRender = useFirstRender();
  const serverDrawn = useServerDrawn() && firstRender !== null;
  const drawn = useMemo(() => consentOfCookieValue(firstRender?.consentCookie), [firstRender]);
  return serverDrawn ? drawn : decision;
}
