// An anonymous visitor's app asks for its session on every start and focus. Auth.js answers
// `null` and, once the visitor holds its CSRF cookie and return-page cookie, sets nothing, yet it
// costs about 0.8 ms of CPU a request (configuration, cookies, a CSRF hash). This check tells that
// case apart so the route can answer it as Auth.js would, without it. It mirrors Auth.js's defaults
// (cookie names, `token|sha256(token+secret)` CSRF cookies, the default redirect callback); should
// they change, the check fails closed and every request goes to Auth.js as before.
import { createHash } from 'node:crypto';
import { parse } from 'hono/utils/cookie';
import type { Env } from '../env';
import { sessionCookieName, usesSecureCookies } from './auth-cookies';

/** Auth.js's headers on a session answer (lower-case names: a plain response's record). */
export const NULL_SESSION_HEADERS = {
  'cache-control': 'private, no-cache, no-store',
  expires: '0',
  pragma: 'no-cache',
  'content-type': 'application/json',
};

/** Whether Auth.js would answer this session read with `null` and leave every cookie as it is. */
export function anonymousSessionCheck(env: Env, secret: string) {
  const secure = usesSecureCookies(env);
  const session = sessionCookieName(env);
  const csrf = `${secure ? '__Host-' : ''}authjs.csrf-token`;
  const callback = `${secure ? '__Secure-' : ''}authjs.callback-url`;
  const origin = new URL(env.PUBLIC_URL).origin;

  /** Auth.js's default redirect callback: a path or a same-origin URL, else the origin. */
  function returnPage(param: string): string {
    if (param.startsWith('/')) return `${origin}${param}`;
    try {
      return new URL(param).origin === origin ? param : origin;
    } catch {
      return origin;
    }
  }

  /** `cookieHeader`: the request's Cookie header, which the route reads once for this and the session. */
  return (cookieHeader: string | null, callbackUrl: string | undefined): boolean => {
    const header = cookieHeader ?? '';
    // Any session cookie (or chunk), valid or not, is Auth.js's to read, renew or clear.
    if (!header || header.includes(session)) return false;
    const cookies = parse(header);
    const [token, hash] = cookies[csrf]?.split('|') ?? [];
    if (!token || hash !== createHash('sha256').update(`${token}${secret}`).digest('hex')) return false;
    const kept = cookies[callback];
    // Auth.js passes the parameter, else the cookie, through the redirect callback and sets the
    // cookie when the result differs from it.
    return kept !== undefined && kept === returnPage(callbackUrl || kept);
  };
}
