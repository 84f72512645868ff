// The caller's IP address, for rate-limit keys. Behind N trusted proxies (Cloud Run, a load
// balancer) it is the Nth address from the right of X-Forwarded-For: entries further left are
// whatever the client claimed and must not be trusted.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from './logger';

export function clientAddress(c: Context, trustedProxyHops: number): string {
  if (trustedProxyHops > 0) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const address = forwarded[forwarded.length - trustedProxyHops];
    if (address) return address;
  }
  return socketAddress(c) ?? 'unknown';
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
    return undefined;
  }
}

/**
 * Warns once when requests carry X-Forwarded-For but no proxy hop is trusted: behind a proxy every
 * caller then shares the proxy's address, and so its sign-in and log rate limits.
 */
export function warnOnUntrustedProxy(trustedProxyHops: number, logger: Logger): MiddlewareHandler {
  let warned = trustedProxyHops > 0;
  return async (c, next) => {
    if (!warned && c.req.header('X-Forwarded-For')) {
      warned = true;
      logger.warn(
        'requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY_HOPS is 0: every caller shares ' +
          "the proxy's address for rate limits; set TRUST_PROXY_HOPS to the number of proxies in front",
      );
    }
    await next();
  };
}
