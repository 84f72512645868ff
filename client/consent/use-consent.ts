// React access to the consent store: re-renders when the decision changes, here or in another tab.
import { useSyncExternalStore } from 'react';
import { getConsent, subscribeToConsent } from './consent-store';

export function useConsent() {
  return useSyncExternalStore(subscribeToConsent, getConsent);
}
