// New build detection (spec §4): compare this bundle's build id with builds/latest.json and,
// once a newer build exists, turn the next in-app navigation into a full page load. With a service
// worker, the new build's worker is fetched at once and takes over before that reload, so the page
// never comes back as the old shell from the old worker's cache, nor mixes chunks of two builds.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { apiPaths } from '#shared/api-paths';

/** The service worker's part, needed only once a newer build exists (the PWA UI has loaded it by then). */
const serviceWorker = () => import('../features/pwa/service-worker-store');

export const currentBuildId = __BUILD_ID__;
const CHECK_INTERVAL_MS = 3600_000;
const CHECK_TIMEOUT_MS = 5_000;

let newerBuildId: string | null = null;

/** The per-build manifest carries route rules; 404 and 403 mean "none published" and are ignored. */
async function fetchBuildManifest(buildId: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(apiPaths.buildMeta(buildId), { signal });
  if (response.status === 404 || response.status === 403) return null;
  if (!response.ok) throw new Error(`Build manifest ${buildId}: HTTP ${response.status}`);
  return response.json();
}

/** The id of the build the server serves now. */
async function latestBuildId(signal: AbortSignal): Promise<string | undefined> {
  const response = await fetch(`${apiPaths.latestBuild}?timestamp=${Date.now()}`, {
    cache: 'no-store',
    signal,
  });
  return response.ok ? ((await response.json()) as { id?: string }).id : undefined;
}

/** `work`, or a rejection once `signal` aborts: for what takes no signal of its own. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    ),
  ]);
}

/**
 * Whether a newer build than this one exists. The whole check gives up after CHECK_TIMEOUT_MS: on a
 * connection that dropped without the browser noticing a request may never be answered, and a page
 * that waits for this answer (a chunk that failed to load) shows nothing meanwhile. Once the server
 * has named a newer build, the answer is yes even if its manifest and service worker did not arrive.
 */
export async function checkForNewBuild(): Promise<boolean> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('Build check timed out')), CHECK_TIMEOUT_MS);
  try {
    const id = await latestBuildId(deadline.signal);
    if (id && id !== currentBuildId && id !== newerBuildId) {
      newerBuildId = id;
      const update = serviceWorker().then((sw) => sw.checkForServiceWorkerUpdate());
      await untilAborted(Promise.all([fetchBuildManifest(id, deadline.signal), update]), deadline.signal);
    }
  } catch (error) {
    console.warn('Build check failed', error);
  } finally {
    clearTimeout(timer);
  }
  return newerBuildId !== null;
}

/** Reloads the page into the newer build, through its service worker when there is one. */
export function reloadIntoNewerBuild(): void {
  serviceWorker()
    .then((sw) => sw.reloadIntoLatestVersion())
    .catch(() => window.location.reload());
}

export function useReloadOnNewBuild(): void {
  const location = useLocation();
  const firstLocation = useRef(location.key);

  useEffect(() => {
    if (location.key !== firstLocation.current && newerBuildId) reloadIntoNewerBuild();
  }, [location.key]);

  useEffect(() => {
    void checkForNewBuild();
    const onVisible = () => document.visibilityState === 'visible' && void checkForNewBuild();
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => void checkForNewBuild(), CHECK_INTERVAL_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, []);
}
