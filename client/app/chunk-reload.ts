// A route chunk that fails to load (usually: a new deployment removed it) reloads the page,
// at most once per path every 10 s so a truly broken chunk cannot cause a reload loop.
// Offline, a reload would only trade the app for the browser's offline page, so it is skipped.
const GUARD_MS = 10_000;
/** Where the time of the last reload for `path` is kept (sessionStorage). */
export const chunkReloadKey = (path: string) => `sift:chunk-reload:${path}`;

export function reloadAfterChunkError(path: string): boolean {
  if (!navigator.onLine) return false;
  const last = Number(sessionStorage.getItem(chunkReloadKey(path)) ?? 0);
  if (Date.now() - last < GUARD_MS) return false;
  sessionStorage.setItem(chunkReloadKey(path), String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * Vite reports failed dynamic-import preloads with this event before the import rejects. During a
 * route navigation the address bar still shows the previous page, so that failure is left to the
 * root error boundary, which reloads the page the user was going to.
 */
export function installPreloadErrorReload(navigating: () => boolean): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (navigating()) return;
    if (reloadAfterChunkError(window.location.pathname)) event.preventDefault();
  });
}
