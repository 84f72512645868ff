// /graphql: GraphQL Yoga mounted in the Hono app (queries and mutations over HTTP, subscriptions
// as server-sent events; graphql-ws is attached to the HTTP server in server/graphql/websocket.ts).
import { Hono } from 'hono';
import { apiPaths } from '#shared/api-paths';
import type { LookupStore } from '../graphql/lookup-store';
import { preparedLookups } from '../graphql/prepared-lookups';
import {
  createGraphqlYoga,
  type GraphqlServerDeps,
  MAX_QUERY_BYTES,
  MAX_REQUEST_BYTES,
} from '../graphql/yoga';
import { limitBody } from '../json-body';

/**
 * Yoga's GraphiQL page (development only) loads its scripts from unpkg and starts them inline, which
 * the app's CSP forbids; this policy relaxes it for that one HTML page and nothing else.
 */
const graphiqlPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' https://unpkg.com",
  "style-src 'self' 'unsafe-inline' https://unpkg.com",
  "img-src 'self' data: https://raw.githubusercontent.com",
  "font-src 'self' data: https://unpkg.com",
  "connect-src 'self' https://unpkg.com",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** `lookups` is the app's: the prepared answer and GraphQL's resolvers read the same store. */
export function graphqlRoutes(deps: GraphqlServerDeps & { lookups: LookupStore }) {
  const { lookups } = deps;
  const yoga = createGraphqlYoga(deps);
  const development = deps.env.NODE_ENV === 'development';
  const adminLimit = limitBody(MAX_REQUEST_BYTES, 'A GraphQL request');
  const queryLimit = limitBody(MAX_QUERY_BYTES, 'A GraphQL request from a caller who is not an admin');
  const execute = async (request: Request) => {
    const response = await yoga.fetch(request);
    if (development && response.headers.get('Content-Type')?.startsWith('text/html')) {
      response.headers.set('Content-Security-Policy', graphiqlPolicy);
    }
    return response;
  };
  const answer = preparedLookups(lookups, execute);
  return new Hono<{ Variables: { signedIn: boolean } }>().all(
    apiPaths.graphql,
    async (c, next) => {
      // Only admins' document batches need large bodies; anyone else's is refused before it is read.
      const user = await deps.sessions.bearerUser(c.req.raw);
      c.set('signedIn', user !== null);
      return (user?.role === 'admin' ? adminLimit : queryLimit)(c, next);
    },
    // Anonymous callers get answers of their own: signed-in ones hold what only they may read.
    (c) => answer(c, c.get('signedIn')),
  );
}
