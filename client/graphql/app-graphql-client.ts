// The page's GraphQL client: /graphql with the bearer token from the `auth.token` cookie (spec §6),
// graphql-ws only when the build names an endpoint (VITE_GRAPHQL_WS_URL; none by default, spec §7),
// and failures written to the console and the client logger (spec §8).
import { apiPaths } from '#shared/api-paths';
import { bearerTokenCookie } from '#shared/auth';
import { readCookie } from '../lib/cookies';
import { appLogger } from '../logging/app-logger';
import { serializeError } from '../logging/serialize-error';
import { createGraphqlClient } from './graphql-client';

/** A path such as /graphql becomes ws(s):// on this origin; a full ws(s):// URL is used as it is. */
export function webSocketUrl(
  configured: string | undefined,
  location: Pick<Location, 'origin'>,
): string | undefined {
  if (!configured?.trim()) return undefined;
  const url = new URL(configured.trim(), location.origin);
  if (url.protocol === 'http:' || url.protocol === 'https:')
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export const appGraphqlClient = createGraphqlClient({
  endpoint: apiPaths.graphql,
  token: () => readCookie(bearerTokenCookie.name) || undefined,
  // The render bundle (docs/rendering.md) loads this module on the server, which subscribes to nothing.
  webSocketUrl: import.meta.env.SSR
    ? undefined
    : webSocketUrl(import.meta.env.VITE_GRAPHQL_WS_URL, window.location),
  onError: (error, operation) => {
    console.error(`[graphql] ${operation ?? 'operation'} failed`, error);
    appLogger.error(
      {
        message: 'GraphQL request failed',
        error: serializeError(error),
        context: { operation: operation ?? null },
      },
      { group: 'graphql' },
    );
  },
});
