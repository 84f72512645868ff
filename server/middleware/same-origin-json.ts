// CSRF defence for JSON endpoints that change state without a token: the body must be
// application/json (a cross-site HTML form cannot send that, and a cross-site fetch needs a CORS
// preflight this server never grants) and the Origin header must be the app's own origin: the
// configured PUBLIC_URL, or, when none is configured (and in development, behind Vite's proxy),
// the origin whose host is the Host the request arrived at.
import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import { apiError } from '../http-error';

type OriginEnv = Pick<Env, 'PUBLIC_URL' | 'PUBLIC_URL_CONFIGURED' | 'NODE_ENV'>;

/** The Origin check alone, for state changes whose body is not JSON (an import file) or that have none. */
export function sameOrigin(env: OriginEnv): MiddlewareHandler {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const byRequestHost = !env.PUBLIC_URL_CONFIGURED || env.NODE_ENV === 'development';
  return async (c, next) => {
    const origin = c.req.header('Origin');
    const sameHost =
      byRequestHost && !!origin && URL.canParse(origin) && new URL(origin).host === c.req.header('Host');
    if (origin !== publicOrigin && !sameHost) {
      const from = origin ? `comes from ${origin}` : 'names no origin';
      const accepted = env.PUBLIC_URL_CONFIGURED
        ? `${publicOrigin} (PUBLIC_URL). Open the app there, or set PUBLIC_URL to the address people use.`
        : 'the address they were sent to.';
      return apiError(
        c,
        403,
        'cross_origin',
        `This request ${from}; the server accepts changes only from ${accepted}`,
      );
    }
    await next();
  };
}

export function sameOriginJson(env: OriginEnv): MiddlewareHandler {
  const originCheck = sameOrigin(env);
  return async (c, next) => {
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      return apiError(c, 415, 'unsupported_media_type', 'Send the body as application/json.');
    }
    return originCheck(c, next);
  };
}
