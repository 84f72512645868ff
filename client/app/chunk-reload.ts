// A chunk that fails to load reloads the page only when a newer build has replaced this one (a
// deployment removed the chunk), as builds/latest.json tells. A chunk that fails for any other
// reason (the connection dropped without the browser noticing, a proxy's hiccup) leaves the page
// and what it holds as they are; the code that asked for the chunk shows the failure. At most one
// reload per path every 10 s, so a build that is truly broken cannot cause a reload loop.
import { checkForNewBuild, reloadIntoNewerBuild } from './build-updates';

const GUARD_MS = 10_000;
const guardKey = (path: string) => `sift:chunk-reload:${path}`;

/** Resolves true when the page is reloading into a newer build, false when it stays. */
export async function reloadIfReplaced(path: string): Promise<boolean> {
  // Offline, a reload would only trade the app for the browser's offline page.
  if (!navigator.onLine) return false;
  if (Date.now() - Number(sessionStorage.getItem(guardKey(path)) ?? 0) < GUARD_MS) return false;
  if (!(await checkForNewBuild())) return false;
  sessionStorage.setItem(guardKey(path), String(Date.now()));
  reloadIntoNewerBuild();
  return true;
}

/**
 * Vite reports a failed dynamic import with this event, then rejects the import as usual. During a
 * route navigation the address bar still shows the previous page, so that failure is left to the
 * root error boundary, which reloads into the page the user was going to.
 */
export function installPreloadErrorReload(navigating: () => boolean): void {
  window.addEventListener('vite:preloadError', () => {
    if (!navigating()) void reloadIfReplaced(window.location.pathname);
  });
}
