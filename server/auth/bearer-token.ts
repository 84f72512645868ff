// The GraphQL bearer token (spec §6): an encrypted JWT in a cookie the browser can read (max age
// 604800 s, SameSite=Lax, Secure over https) and sends back as `Authorization: Bearer …`.
// It is minted whenever Auth.js writes a session cookie and cleared whenever it removes one.
import { decode, encode } from '@auth/core/jwt';
import { serialize } from 'hono/utils/cookie';
import { bearerTokenCookie } from '#shared/auth';

/** Key-derivation salt, distinct from the session cookie's so one token cannot stand in for the other. */
const SALT = 'sift.bearer-token';

export interface BearerClaims {
  sub: string;
  /** The server-side session it belongs to: it ends with that session. */
  sid: string;
  /** Issue and expiry times, seconds since the epoch (set when minted). */
  iat?: number;
  exp?: number;
}

export function mintBearerToken(claims: BearerClaims, secret: string): Promise<string> {
  const token = { sub: claims.sub, sid: claims.sid };
  return encode({ token, secret, salt: SALT, maxAge: bearerTokenCookie.maxAgeSeconds });
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function readBearerToken(token: string, secret: string): Promise<BearerClaims | null> {
  try {
    const payload = await decode({ token, secret, salt: SALT });
    return typeof payload?.sub === 'string' && typeof payload.sid === 'string'
      ? { sub: payload.sub, sid: payload.sid, iat: payload.iat, exp: payload.exp }
      : null;
  } catch {
    return null;
  }
}

/** The token of an Authorization header that presents one (`Bearer …`), else undefined. */
export function bearerTokenOf(authorization: string): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  return match?.[1];
}

export function bearerCookie(token: string | null, secure: boolean): string {
  return serialize(bearerTokenCookie.name, token ?? '', {
    path: '/',
    maxAge: token ? bearerTokenCookie.maxAgeSeconds : 0,
    sameSite: 'Lax',
    secure,
  });
}
