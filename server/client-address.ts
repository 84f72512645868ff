// The caller's IP address, for rate-limit keys. Behind N trusted proxies (Cloud Run, a load
// balancer) it is the Nth address from the right of X-Forwarded-For: entries further left are
// whatever the client claimed and must not be trusted.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

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
