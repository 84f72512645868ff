// CSRF defence for JSON endpoints that change state without a token: the body must be
// application/json (a cross-site HTML form cannot send that, and a cross-site fetch needs a CORS
// preflight this server never grants) and the Origin header must be the public origin.
import type { MiddlewareHandler } from 'hono';
import { apiError } from '../http-error';

export function sameOriginJson(options: { publicUrl: string; development: boolean }): MiddlewareHandler {
  const publicOrigin = new URL(options.publicUrl).origin;
  return async (c, next) => {
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      return apiError(c, 415, 'unsupported_media_type', 'Send the body as application/json.');
    }
    const origin = c.req.header('Origin');
    // In development the Vite dev server proxies from its own port; its origin then names the
    // Host the request arrived at.
    const sameHost =
      options.development &&
      !!origin &&
      URL.canParse(origin) &&
      new URL(origin).host === c.req.header('Host');
    if (origin !== publicOrigin && !sameHost) {
      return apiError(c, 403, 'cross_origin', 'This request must come from the application itself.');
    }
    await next();
  };
}
