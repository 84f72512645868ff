// The real SessionReader: a request is signed in when it carries a valid bearer token or Auth.js
// session cookie (encrypted JWTs any process with the same AUTH_SECRET can read) whose server-side
// session is still live (session-store.ts: not signed out, not revoked, the account still there).
import { decode } from '@auth/core/jwt';
import type { Env } from '../env';
import { joinedCookie, requestCookies, sessionCookieName } from './auth-cookies';
import { bearerTokenFromHeader, readBearerToken } from './bearer-token';
import type { SessionStore } from './session-store';
import type { SessionReader } from './session-user';

export function createSessionReader(store: SessionStore, env: Env, secret: string): SessionReader {
  const cookieName = sessionCookieName(env);

  async function sessionId(request: Request): Promise<string | null> {
    const bearer = bearerTokenFromHeader(request);
    // A request that presents a token is judged by that token alone.
    if (bearer) return (await readBearerToken(bearer, secret))?.sid ?? null;
    const token = joinedCookie(requestCookies(request), cookieName);
    if (!token) return null;
    try {
      const payload = await decode({ token, secret, salt: cookieName });
      return typeof payload?.sid === 'string' ? payload.sid : null;
    } catch {
      return null;
    }
  }

  return {
    async getUser(request) {
      const sid = await sessionId(request);
      return sid ? store.user(sid) : null;
    },
  };
}
