// Which requests the service worker answers from its caches, and how. Everything not listed here
// goes straight to the network and is never stored: sign-in (/api/auth/*, /api/auth-settings),
// the key-value backup (/api/backup), GraphQL (mutations above all), build detection, logs.
import { apiPaths } from '#shared/api-paths';

export type SwRoute =
  /** Translations and the public configuration: fresh when online, the last copy offline. */
  | 'network-first'
  /** POST /api/index: the current index checksums, remembered per set of sources for offline use. */
  | 'index-checksums'
  /** Navigations: the precached app shell (the client renders every route). */
  | 'app-shell'
  | 'network-only';

const SERVER_PREFIXES = ['/api/', apiPaths.graphql, '/_i18n/', '/builds/', apiPaths.healthz, apiPaths.readyz];

export function swRouteFor(url: URL, method: string, mode: RequestMode, origin: string): SwRoute {
  if (url.origin !== origin) return 'network-only';
  const path = url.pathname;
  if (mode === 'navigate') {
    return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix))
      ? 'network-only'
      : 'app-shell';
  }
  if (method === 'POST' && path === apiPaths.searchIndex) return 'index-checksums';
  if (method !== 'GET') return 'network-only';
  if (path === apiPaths.config || /^\/_i18n\/[^/]+\/messages\.json$/.test(path)) return 'network-first';
  // Index artifacts (/api/index/:source/:crc32c) are cached by the search worker in IndexedDB,
  // keyed by crc32c and dropped on sign-out; a second copy here would outlive that.
  return 'network-only';
}

/** The cache key for a checksum answer: the sorted source names the client asked about. */
export function indexChecksumsCacheKey(body: unknown, origin: string): string | null {
  const sources = (body as { dataSources?: unknown } | null)?.dataSources;
  if (!Array.isArray(sources) || !sources.every((s) => typeof s === 'string')) return null;
  const key = new URL(apiPaths.searchIndex, origin);
  key.searchParams.set('sources', [...sources].sort().join(','));
  return key.href;
}
