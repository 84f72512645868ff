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
/** Chars of a header its remembered token is looked up by (headerKey). */
const HEADER_KEY_CHARS = 64;

interface DecodedToken {
  sid: string;
  issuedAt: number;
  expiresAt: number;
}

interface RememberedHeader {
  header: string;
  token: DecodedToken;
}

/**
 * What a remembered header is looked up by: its length and the chars around its middle, which fall in
 * the session token, the longest part of it. Looking a Map up by a string hashes all of the string,
 * some µs for a 1.5 KB header arriving afresh with every request; the whole header is then compared.
 */
function headerKey(header: string): string {
  const from = Math.max(0, (header.length - HEADER_KEY_CHARS) >> 1);
  return `${header.length} ${header.slice(from, from + HEADER_KEY_CHARS)}`;
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
  const byHeader = {
    bearer: new Map<string, RememberedHeader>(),
    cookie: new Map<string, RememberedHeader>(),
  };

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
    const key = headerKey(header);
    const remembered = byHeader[kind].get(key);
    if (remembered?.header === header && remembered.token.expiresAt > Date.now()) return remembered.token;
    const found = token(header);
    if (!found) return undefined;
    const entry = await decodeToken(kind, found);
    // Another header with the same key takes its place: one of the two is then parsed again.
    if (entry && header.length <= REMEMBERED_HEADER_CHARS) {
      byHeader[kind].delete(key);
      remember(byHeader[kind], key, { header, token: entry }, REMEMBERED_HEADERS);
    } else if (remembered?.header === header) {
      byHeader[kind].delete(key);
    }
    return entry;
  }

  async function cookieToken(header: string | null): Promise<DecodedToken | null> {
    if (!header) return null;
    return (await headerToken('cookie', header, (cookies) => sessionTokenOf(cookies, cookieName))) ?? null;
  }

  /** The token of the request's Authorization header; undefined when it presents none (not `Bearer …`). */
  async function bearerToken(request: Request): Promise<DecodedToken | null | undefined> {
    const authorization = request.headers.get('Authorization');
    return authorization ? headerToken('bearer', authorization, bearerTokenOf) : undefined;
  }

  return {
    async getUser(request) {
      // A request that presents a token is judged by that token alone.
      const bearer = await bearerToken(request);
      const token = bearer === undefined ? await cookieToken(request.headers.get('Cookie')) : bearer;
      return token ? store.user(token.sid) : null;
    },

    async bearerUser(request) {
      const token = await bearerToken(request);
      return token ? store.user(token.sid) : null;
    },

    async cookieSession(request, cookieHeader = request.headers.get('Cookie')) {
      const token = await cookieToken(cookieHeader);
      const user = token && (await store.user(token.sid));
      return user ? { user, issuedAt: token.issuedAt, expiresAt: token.expiresAt } : null;
    },
  };
}
