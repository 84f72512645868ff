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
async function fetchBuildManifest(buildId: string): Promise<unknown> {
  const response = await fetch(apiPaths.buildMeta(buildId));
  if (response.status === 404 || response.status === 403) return null;
  if (!response.ok) throw new Error(`Build manifest ${buildId}: HTTP ${response.status}`);
  return response.json();
}

/**
 * The id of the build the server serves now, or undefined if it is not known within
 * CHECK_TIMEOUT_MS: a connection that dropped without the browser noticing may never answer.
 */
async function latestBuildId(): Promise<string | undefined> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), CHECK_TIMEOUT_MS);
  try {
    const response = await fetch(`${apiPaths.latestBuild}?timestamp=${Date.now()}`, {
      cache: 'no-store',
      signal: timeout.signal,
    });
    return response.ok ? ((await response.json()) as { id?: string }).id : undefined;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkForNewBuild(): Promise<boolean> {
  try {
    const id = await latestBuildId();
    if (id && id !== currentBuildId && id !== newerBuildId) {
      newerBuildId = id;
      await Promise.all([
        fetchBuildManifest(id),
        serviceWorker().then((sw) => sw.checkForServiceWorkerUpdate()),
      ]);
    }
  } catch (error) {
    console.warn('Build check failed', error);
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
