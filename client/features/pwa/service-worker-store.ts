// The installable app's service worker (spec §4): registered → activated → offline ready, or
// needs refresh when a newer version waits. Checks for a new version hourly and on focus, and
// reloads every open page when a new version takes over so no page runs a mix of two builds.
// workbox-window loads only when registering, after the first render.
import { createStore } from 'zustand/vanilla';
import { SKIP_WAITING } from './sw-messages';
import { swRouteFor } from './sw-routes';

export type ServiceWorkerStatus = 'unsupported' | 'registering' | 'registered' | 'activated';

export interface ServiceWorkerState {
  status: ServiceWorkerStatus;
  /** The first version finished installing: the app now works offline. Cleared once shown. */
  offlineReady: boolean;
  /** A newer version is installed and waits for a reload. */
  needRefresh: boolean;
}

export const SW_URL = '/sw.js';
const UPDATE_CHECK_MS = 3600_000;

const state = createStore<ServiceWorkerState>()(() => ({
  status: 'unsupported',
  offlineReady: false,
  needRefresh: false,
}));
const set = state.setState;
let registration: ServiceWorkerRegistration | undefined;

export const serviceWorkerStore = {
  /** For useStore in components. */
  state,
  dismissOfflineReady: () => set({ offlineReady: false }),
  dismissNeedRefresh: () => set({ needRefresh: false }),
};

/** Asks the server for a newer /sw.js; a new version installs and then waits (needRefresh). */
export async function checkForServiceWorkerUpdate(): Promise<void> {
  if (!registration || !navigator.onLine) return;
  await registration
    .update()
    .catch((error: unknown) => console.warn('Service worker update check failed', error));
}

function installedOrGone(worker: ServiceWorker): Promise<void> {
  if (worker.state !== 'installing') return Promise.resolve();
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => worker.state !== 'installing' && resolve());
  });
}

/**
 * Switches to the newest version: the waiting service worker takes over (every open page then
 * reloads on `controllerchange`); without a waiting one, a plain reload.
 */
export async function reloadIntoLatestVersion(): Promise<void> {
  await checkForServiceWorkerUpdate();
  const next = registration?.installing ?? registration?.waiting;
  if (next) await installedOrGone(next);
  // An uncontrolled page (after a hard reload) gets the newest build from the network anyway.
  if (next?.state === 'installed' && navigator.serviceWorker.controller)
    next.postMessage({ type: SKIP_WAITING });
  else window.location.reload();
}

/**
 * On the first visit the configuration and translations load before the worker exists; fetch
 * them again once it controls the page, so it keeps them for the next, perhaps offline, start.
 */
function cacheWhatLoadedBeforeControl(): void {
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (swRouteFor(url, 'GET', 'cors', window.location.origin) === 'network-first') {
      void fetch(url).catch(() => undefined);
    }
  }
}

export function registerServiceWorker(): void {
  if (state.getState().status !== 'unsupported' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let controlled = !!container.controller;
  set({ status: controlled ? 'activated' : 'registering' });

  // A newer version took over (this tab's reload button, another tab's, or a new-build reload).
  container.addEventListener('controllerchange', () => {
    if (controlled) window.location.reload();
    else cacheWhatLoadedBeforeControl();
    controlled = true;
  });

  import('workbox-window')
    .then(({ Workbox }) => {
      const workbox = new Workbox(SW_URL, { scope: '/' });
      workbox.addEventListener('activated', (event) => {
        set({ status: 'activated', ...(event.isUpdate ? {} : { offlineReady: true }) });
      });
      workbox.addEventListener('waiting', () => set({ needRefresh: true }));
      return workbox.register();
    })
    .then((registered) => {
      registration = registered;
      if (state.getState().status === 'registering') set({ status: 'registered' });
      window.setInterval(() => void checkForServiceWorkerUpdate(), UPDATE_CHECK_MS);
      window.addEventListener('focus', () => void checkForServiceWorkerUpdate());
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
