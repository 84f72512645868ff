// localStorage for things a consent category must allow: nothing is written without consent, and
// withdrawing consent deletes it (the key must be in storage-catalogue.ts under that category).
import type { OptionalCategory } from './consent-cookie';
import { hasConsent } from './consent-store';

export function optionalStorage(category: OptionalCategory) {
  return {
    read(key: string): string | null {
      return hasConsent(category) ? localStorage.getItem(key) : null;
    },
    /** Returns whether it was stored. */
    write(key: string, value: string): boolean {
      if (!hasConsent(category)) return false;
      localStorage.setItem(key, value);
      return true;
    },
    remove(key: string): void {
      localStorage.removeItem(key);
    },
  };
}
