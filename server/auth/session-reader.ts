// The real SessionReader: a request is signed in when it carries a valid bearer token or Auth.js
// session cookie whose account still exists. Both are encrypted JWTs, so any server process with
// the same AUTH_SECRET can read them; the account is looked up so deleted users lose access at once.
import { decode } from '@auth/core/jwt';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { joinedCookie, requestCookies, sessionCookieName } from './auth-cookies';
import { bearerTokenFromHeader, readBearerToken } from './bearer-token';
import type { SessionReader } from './session-user';
import { findUserById, toSessionUser } from './user-store';

export function createSessionReader(database: Database, env: Env, secret: string): SessionReader {
  const cookieName = sessionCookieName(env);

  async function sessionSubject(request: Request): Promise<string | null> {
    const bearer = bearerTokenFromHeader(request);
    // A request that presents a token is judged by that token alone.
    if (bearer) return (await readBearerToken(bearer, secret))?.sub ?? null;
    const token = joinedCookie(requestCookies(request), cookieName);
    if (!token) return null;
    try {
      const payload = await decode({ token, secret, salt: cookieName });
      return typeof payload?.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }

  return {
    async getUser(request) {
      const subject = await sessionSubject(request);
      const row = subject ? await findUserById(database.db, subject) : null;
      return row ? toSessionUser(row) : null;
    },
  };
}
