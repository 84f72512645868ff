// /graphql: GraphQL Yoga mounted in the Hono app (queries and mutations over HTTP, subscriptions
// as server-sent events; graphql-ws is attached to the HTTP server in server/graphql/websocket.ts).
import { Hono } from 'hono';
import { apiPaths } from '../../shared/api-paths';
import { createGraphqlYoga, type GraphqlServerDeps } from '../graphql/yoga';

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

export function graphqlRoutes(deps: GraphqlServerDeps) {
  const yoga = createGraphqlYoga(deps);
  const development = deps.env.NODE_ENV === 'development';
  return new Hono().all(apiPaths.graphql, async (c) => {
    const response = await yoga.fetch(c.req.raw);
    if (development && response.headers.get('Content-Type')?.startsWith('text/html')) {
      response.headers.set('Content-Security-Policy', graphiqlPolicy);
    }
    return response;
  });
}
