// The real SessionReader: a request is signed in when it carries a valid bearer token or Auth.js
// session cookie (encrypted JWTs any process with the same AUTH_SECRET can read) whose server-side
// session is still live (session-store.ts: not signed out, not revoked, the account still there).
import { decode } from '@auth/core/jwt';
import type { Env } from '../env';
import { requestSessionToken, sessionCookieName } from './auth-cookies';
import { bearerTokenFromHeader, readBearerToken } from './bearer-token';
import type { SessionStore } from './session-store';
import type { SessionReader } from './session-user';

/** Decrypted tokens kept, oldest forgotten first: a client sends the same token on every request. */
const DECODED_TOKENS = 10_000;

interface DecodedToken {
  sid: string;
  issuedAt: number;
  expiresAt: number;
}

const ms = (seconds: unknown) => (typeof seconds === 'number' ? seconds * 1000 : 0);

export function createSessionReader(store: SessionStore, env: Env, secret: string): SessionReader {
  const cookieName = sessionCookieName(env);
  // Valid tokens only, so garbage cannot crowd the ones in use out.
  const decoded = new Map<string, DecodedToken>();

  async function decodeToken(kind: 'bearer' | 'cookie', token: string): Promise<DecodedToken | null> {
    const key = `${kind} ${token}`;
    const known = decoded.get(key);
    if (known && known.expiresAt > Date.now()) return known;
    decoded.delete(key);
    const payload =
      kind === 'bearer'
        ? await readBearerToken(token, secret)
        : await decode({ token, secret, salt: cookieName }).catch(() => null);
    if (typeof payload?.sid !== 'string') return null;
    if (decoded.size >= DECODED_TOKENS) decoded.delete(decoded.keys().next().value!);
    const entry = { sid: payload.sid, issuedAt: ms(payload.iat), expiresAt: ms(payload.exp) };
    decoded.set(key, entry);
    return entry;
  }

  function cookieToken(request: Request): Promise<DecodedToken | null> {
    const token = requestSessionToken(request, cookieName);
    return token ? decodeToken('cookie', token) : Promise.resolve(null);
  }

  return {
    async getUser(request) {
      const bearer = bearerTokenFromHeader(request);
      // A request that presents a token is judged by that token alone.
      const token = bearer ? await decodeToken('bearer', bearer) : await cookieToken(request);
      return token ? store.user(token.sid) : null;
    },

    async cookieSession(request) {
      const token = await cookieToken(request);
      const user = token && (await store.user(token.sid));
      return user ? { user, issuedAt: token.issuedAt, expiresAt: token.expiresAt } : null;
    },
  };
}
