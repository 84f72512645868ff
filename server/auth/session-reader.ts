// The real SessionReader: a request is signed in when it carries a valid bearer token or Auth.js
// session cookie (encrypted JWTs any process with the same AUTH_SECRET can read) whose server-side
// session is still live (session-store.ts: not signed out, not revoked, the account still there).
import { decode } from '@auth/core/jwt';
import type { Env } from '../env';
import { joinedCookie, requestCookies, sessionCookieName } from './auth-cookies';
import { bearerTokenFromHeader, readBearerToken } from './bearer-token';
import type { SessionStore } from './session-store';
import type { SessionReader } from './session-user';

/** Decrypted tokens kept, oldest forgotten first: a client sends the same token on every request. */
const DECODED_TOKENS = 10_000;

export function createSessionReader(store: SessionStore, env: Env, secret: string): SessionReader {
  const cookieName = sessionCookieName(env);
  // Token → session id and the token's own expiry; valid tokens only, so garbage cannot crowd it.
  const decoded = new Map<string, { sid: string; expiresAt: number }>();

  async function decodeSessionId(kind: 'bearer' | 'cookie', token: string): Promise<string | null> {
    const key = `${kind} ${token}`;
    const known = decoded.get(key);
    if (known && known.expiresAt > Date.now()) return known.sid;
    decoded.delete(key);
    const payload =
      kind === 'bearer'
        ? await readBearerToken(token, secret)
        : await decode({ token, secret, salt: cookieName }).catch(() => null);
    if (typeof payload?.sid !== 'string') return null;
    if (decoded.size >= DECODED_TOKENS) decoded.delete(decoded.keys().next().value!);
    decoded.set(key, {
      sid: payload.sid,
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : 0,
    });
    return payload.sid;
  }

  function sessionId(request: Request): Promise<string | null> {
    const bearer = bearerTokenFromHeader(request);
    // A request that presents a token is judged by that token alone.
    if (bearer) return decodeSessionId('bearer', bearer);
    const token = joinedCookie(requestCookies(request), cookieName);
    return token ? decodeSessionId('cookie', token) : Promise.resolve(null);
  }

  return {
    async getUser(request) {
      const sid = await sessionId(request);
      return sid ? store.user(sid) : null;
    },
  };
}
