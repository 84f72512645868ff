// React access to the consent store: re-renders when the decision changes, here or in another tab.
import { useStore } from 'zustand';
import { consentState } from './consent-store';

export function useConsent() {
  return useStore(consentState, (state) => state.decision);
}
