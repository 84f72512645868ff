// Counts and times every request by method, route pattern and status. The label is the pattern of
// the route that answered ('/api/index/:source/:crc32c'), never the path, so series stay few.
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { ServerMetrics } from '../metrics/server-metrics';

/** The route label of a 404 answered under a wildcard ('/api/*', the SPA's '/*'): no route knew the path. */
const UNMATCHED_ROUTE = 'unmatched';

export function requestMetrics({ httpRequests, httpRequestDuration }: ServerMetrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    // After next(), the route index points at the handler that answered.
    const route = routePath(c);
    const labels = {
      method: c.req.method,
      route: status === 404 && route.endsWith('*') ? UNMATCHED_ROUTE : route,
      status: String(status),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, (performance.now() - started) / 1000);
  };
}
