// Names and parsing of the Auth.js session cookie. Auth.js splits a session too large for one
// cookie into `name.0`, `name.1`…, so readers join the chunks back together.
import { parse } from 'hono/utils/cookie';
import type { Env } from '../env';

/** Cookies get the Secure flag (and Auth.js its __Secure- names) when the public URL is https. */
export function usesSecureCookies(env: Env): boolean {
  return env.PUBLIC_URL.startsWith('https:');
}

export function sessionCookieName(env: Env): string {
  return `${usesSecureCookies(env) ? '__Secure-' : ''}authjs.session-token`;
}

/** The value of cookie `name` from a name→value map, joining Auth.js chunks; undefined if absent or empty. */
export function joinedCookie(cookies: Record<string, string>, name: string): string | undefined {
  if (cookies[name]) return cookies[name];
  const chunks = Object.keys(cookies)
    .filter((key) => key.startsWith(`${name}.`) && /^\d+$/.test(key.slice(name.length + 1)))
    .sort((a, b) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
  const joined = chunks.map((key) => cookies[key]).join('');
  return joined || undefined;
}

/** The session token a Cookie header carries, joining Auth.js chunks; undefined if absent or empty. */
export function sessionTokenOf(header: string, name: string): string | undefined {
  // Parsing the one cookie skips checking and decoding the others (the bearer token is as long).
  const whole = parse(header, name)[name];
  if (whole || !header.includes(`${name}.`)) return whole || undefined;
  return joinedCookie(parse(header), name);
}

/**
 * What a response does to the session cookie: `set` with the new token, `cleared` when it
 * removes it (sign-out, expired or forged session), or undefined when it leaves it alone.
 */
export function sessionCookieChange(
  response: Response,
  name: string,
): { kind: 'set'; token: string } | { kind: 'cleared' } | undefined {
  const written: Record<string, string> = {};
  let touched = false;
  for (const header of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';');
    const separator = pair.indexOf('=');
    const cookieName = pair.slice(0, separator).trim();
    if (cookieName !== name && !cookieName.startsWith(`${name}.`)) continue;
    touched = true;
    const removed = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    const value = decodeURIComponent(pair.slice(separator + 1).trim());
    if (value && !removed) written[cookieName] = value;
  }
  if (!touched) return undefined;
  const token = joinedCookie(written, name);
  return token ? { kind: 'set', token } : { kind: 'cleared' };
}
