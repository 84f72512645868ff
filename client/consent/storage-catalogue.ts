// Every cookie and browser-storage key Sift writes, by consent category. The settings page lists
// them, and withdrawing a category deletes its entries. Add a row when a feature stores something
// (and document it in docs/consent.md).
import { cookieNames, deleteCookie } from '../lib/cookies';
import type { ConsentCategory } from './consent-cookie';

export interface StoredItem {
  /** Also the key of its texts: consent.items.<id>.purpose and .duration. */
  id: string;
  category: ConsentCategory;
  kind: 'cookie' | 'localStorage' | 'sessionStorage' | 'indexedDB' | 'cacheStorage';
  /** Exact name, or a prefix ending in `*`. */
  name: string;
}

export const storageCatalogue: StoredItem[] = [
  { id: 'consent', category: 'necessary', kind: 'cookie', name: 'sift_consent' },
  { id: 'session', category: 'necessary', kind: 'cookie', name: 'authjs.*' },
  { id: 'language', category: 'necessary', kind: 'cookie', name: 'i18n_redirected' },
  { id: 'color_scheme', category: 'necessary', kind: 'cookie', name: 'color-scheme' },
  { id: 'chunk_reload', category: 'necessary', kind: 'sessionStorage', name: 'sift:chunk-reload:*' },
  // React Router's ScrollRestoration (app/layouts), so Back returns to where the page was scrolled.
  {
    id: 'scroll_positions',
    category: 'necessary',
    kind: 'sessionStorage',
    name: 'react-router-scroll-positions',
  },
  { id: 'offline', category: 'necessary', kind: 'cacheStorage', name: '*' },
  // Signed-in users' lookups, for labels while offline (spec §7); removed on sign-out.
  { id: 'lookups', category: 'necessary', kind: 'localStorage', name: 'lookups' },
  // Who is signed in, so an offline start stays signed in (features/auth/session-memory.ts).
  { id: 'last_session', category: 'necessary', kind: 'localStorage', name: 'sift-auth:last-session' },
  // The visitor's "not now" to the install prompt (features/pwa/install-prompt-store.ts).
  {
    id: 'install_dismissed',
    category: 'necessary',
    kind: 'localStorage',
    name: 'sift-pwa:install-dismissed',
  },
  // Error reports an offline tab could not send before it closed (logging/app-logger.ts).
  { id: 'pending_logs', category: 'necessary', kind: 'localStorage', name: 'sift-logs:pending' },
  {
    id: 'search_filters',
    category: 'preferences',
    kind: 'localStorage',
    name: 'gap-search:selectedFilterOptions',
  },
  { id: 'contact_sender', category: 'preferences', kind: 'localStorage', name: 'sift:contact-sender' },
  // The last searches, offered again in the search box (features/search/recent-searches.ts); removed on sign-out.
  {
    id: 'recent_searches',
    category: 'preferences',
    kind: 'localStorage',
    name: 'gap-search:recentSearches',
  },
  // The last settled search screen, painted at the next start of the same URL (app/start-snapshot.ts).
  { id: 'start_snapshot', category: 'preferences', kind: 'localStorage', name: 'sift:start-snapshot' },
];

function matches(pattern: string, name: string): boolean {
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}

function clearStorage(storage: Storage, pattern: string): void {
  for (const key of Object.keys(storage)) if (matches(pattern, key)) storage.removeItem(key);
}

function clearCookies(pattern: string): void {
  for (const name of cookieNames()) if (matches(pattern, name)) deleteCookie(name);
}

/** Deletes what the given categories stored in cookies, localStorage and sessionStorage. */
export function purgeCategories(categories: ConsentCategory[]): void {
  for (const item of storageCatalogue) {
    if (!categories.includes(item.category) || item.category === 'necessary') continue;
    if (item.kind === 'localStorage') clearStorage(localStorage, item.name);
    else if (item.kind === 'sessionStorage') clearStorage(sessionStorage, item.name);
    else if (item.kind === 'cookie') clearCookies(item.name);
  }
}
