// GET /metrics: Prometheus text, mounted only when METRICS_TOKEN is set and answered only to a
// caller presenting it as a bearer token, so route names and user counts stay private.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { Registry } from 'prom-client';
import { apiError } from '../http-error';
import { processMetrics } from '../metrics/process-metrics';

/** Digests have one length, so comparing them in constant time reveals nothing about the token. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function metricsRoutes(token: string, registry: Registry) {
  const expected = digest(token);
  const perProcess = processMetrics();
  return new Hono().get('/metrics', async (c) => {
    const presented = /^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(presented), expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      return apiError(c, 401, 'unauthenticated', 'Metrics need the metrics token as a bearer token.');
    }
    const merged = Registry.merge([perProcess, registry]);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', merged.contentType);
    return c.body(await merged.metrics());
  });
}
