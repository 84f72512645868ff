/// <reference lib="webworker" />
// The service worker at /sw.js (docs/pwa.md): precaches the app shell and every route chunk,
// answers navigations with the shell, keeps translations, the configuration and the index
// checksums for offline use, and waits for the page's word before replacing an older version.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { SKIP_WAITING } from './features/pwa/sw-messages';
import { indexChecksumsCacheKey, type SwRoute, swRouteFor } from './features/pwa/sw-routes';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Take over open pages at once: on first install so the first visit already works offline, and
// after an update so every tab switches (and reloads) together rather than mixing two builds.
clientsClaim();

self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});

const CHECKSUMS_CACHE = 'sift-index-checksums';

const appShell = createHandlerBoundToURL('index.html');
const networkFirst = new NetworkFirst({
  cacheName: 'sift-runtime',
  networkTimeoutSeconds: 4,
  plugins: [new ExpirationPlugin({ maxEntries: 16 })],
});

async function indexChecksums(request: Request): Promise<Response> {
  const key = indexChecksumsCacheKey(
    await request
      .clone()
      .json()
      .catch(() => null),
    self.location.origin,
  );
  const cache = await caches.open(CHECKSUMS_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && key) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = key ? await cache.match(key) : undefined;
    if (cached) return cached;
    throw error;
  }
}

const routeOf = (request: Request, url: URL): SwRoute =>
  swRouteFor(url, request.method, request.mode, self.location.origin);

registerRoute(({ request, url }) => routeOf(request, url) === 'app-shell', appShell);
registerRoute(({ request, url }) => routeOf(request, url) === 'network-first', networkFirst);
registerRoute(
  ({ request, url }) => routeOf(request, url) === 'index-checksums',
  ({ request }) => indexChecksums(request),
  'POST',
);
