// The real SessionReader: a request is signed in when it carries a valid bearer token or Auth.js
// session cookie (encrypted JWTs any process with the same AUTH_SECRET can read) whose server-side
// session is still live (session-store.ts: not signed out, not revoked, the account still there).
import { decode } from '@auth/core/jwt';
import type { Env } from '../env';
import { sessionCookieName, sessionTokenOf } from './auth-cookies';
import { bearerTokenOf, readBearerToken } from './bearer-token';
import type { SessionStore } from './session-store';
import type { SessionReader } from './session-user';

/** Decrypted tokens kept, oldest forgotten first: a client sends the same token on every request. */
const DECODED_TOKENS = 10_000;
/**
 * A client also sends the same Cookie and Authorization headers on every request, so a valid token is
 * found again by the whole header, without parsing it: finding the session cookie among the others
 * cost a tenth of a session check's time. Longer headers are parsed each time, which bounds memory.
 */
const REMEMBERED_HEADERS = 2_000;
const REMEMBERED_HEADER_CHARS = 4096;

interface DecodedToken {
  sid: string;
  issuedAt: number;
  expiresAt: number;
}

const ms = (seconds: unknown) => (typeof seconds === 'number' ? seconds * 1000 : 0);

/** Keeps `value` under `key`, forgetting the oldest entry once `limit` are kept. */
function remember<V>(map: Map<string, V>, key: string, value: V, limit: number) {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export function createSessionReader(store: SessionStore, env: Env, secret: string): SessionReader {
  const cookieName = sessionCookieName(env);
  // Valid tokens only, so garbage cannot crowd the ones in use out.
  const decoded = new Map<string, DecodedToken>();
  const byHeader = { bearer: new Map<string, DecodedToken>(), cookie: new Map<string, DecodedToken>() };

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
    const entry = { sid: payload.sid, issuedAt: ms(payload.iat), expiresAt: ms(payload.exp) };
    remember(decoded, key, entry, DECODED_TOKENS);
    return entry;
  }

  /**
   * The valid token `header` carries, remembered by the whole header; undefined when the header
   * carries no token of that kind at all (as opposed to an invalid one: null).
   */
  async function headerToken(
    kind: 'bearer' | 'cookie',
    header: string,
    token: (header: string) => string | undefined,
  ): Promise<DecodedToken | null | undefined> {
    const remembered = byHeader[kind].get(header);
    if (remembered && remembered.expiresAt > Date.now()) return remembered;
    byHeader[kind].delete(header);
    const found = token(header);
    if (!found) return undefined;
    const entry = await decodeToken(kind, found);
    if (entry && header.length <= REMEMBERED_HEADER_CHARS)
      remember(byHeader[kind], header, entry, REMEMBERED_HEADERS);
    return entry;
  }

  async function cookieToken(request: Request): Promise<DecodedToken | null> {
    const header = request.headers.get('Cookie');
    if (!header) return null;
    return (await headerToken('cookie', header, (cookies) => sessionTokenOf(cookies, cookieName))) ?? null;
  }

  return {
    async getUser(request) {
      const authorization = request.headers.get('Authorization');
      // A request that presents a token is judged by that token alone.
      const bearer = authorization ? await headerToken('bearer', authorization, bearerTokenOf) : undefined;
      const token = bearer === undefined ? await cookieToken(request) : bearer;
      return token ? store.user(token.sid) : null;
    },

    async cookieSession(request) {
      const token = await cookieToken(request);
      const user = token && (await store.user(token.sid));
      return user ? { user, issuedAt: token.issuedAt, expiresAt: token.expiresAt } : null;
    },
  };
}
