import { encode } from '@auth/core/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearerTokenCookie } from '#shared/auth';
import { TEST_AUTH_SECRET } from '#tests/support/auth';
import { testEnv } from '#tests/support/test-app';
import { sessionCookieName } from './auth-cookies';
import { mintBearerToken } from './bearer-token';
import { createSessionReader } from './session-reader';
import type { SessionStore } from './session-store';

/** A store whose live sessions are the ids in `live`. */
function storeOf(live: Set<string>): SessionStore {
  return {
    user: async (sid: string) =>
      live.has(sid) ? { id: `user-${sid}`, email: 'a@example.test', name: null, role: 'user' } : null,
  } as SessionStore;
}

const bearer = (token: string) =>
  new Request('http://localhost/graphql', { headers: { Authorization: `Bearer ${token}` } });

afterEach(() => vi.useRealTimers());

const COOKIE = sessionCookieName(testEnv());
const sessionCookie = (sid: string) =>
  encode({ token: { sub: 'u1', sid }, secret: TEST_AUTH_SECRET, salt: COOKIE, maxAge: 3600 });
const withCookie = (cookie: string, authorization?: string) =>
  new Request('http://localhost/api/auth/session', {
    headers: { Cookie: cookie, ...(authorization && { Authorization: authorization }) },
  });

describe('the session reader', () => {
  it('asks the session store on every request, though it decrypts a token once', async () => {
    const live = new Set(['s1']);
    const reader = createSessionReader(storeOf(live), testEnv(), TEST_AUTH_SECRET);
    const token = await mintBearerToken({ sub: 'u1', sid: 's1' }, TEST_AUTH_SECRET);
    expect((await reader.getUser(bearer(token)))?.id).toBe('user-s1');
    live.delete('s1');
    expect(await reader.getUser(bearer(token))).toBeNull();
  });

  it('stops accepting a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reader = createSessionReader(storeOf(new Set(['s1'])), testEnv(), TEST_AUTH_SECRET);
    const token = await mintBearerToken({ sub: 'u1', sid: 's1' }, TEST_AUTH_SECRET);
    expect((await reader.getUser(bearer(token)))?.id).toBe('user-s1');
    vi.setSystemTime(Date.now() + bearerTokenCookie.maxAgeSeconds * 1000 - 1000);
    expect((await reader.getUser(bearer(token)))?.id).toBe('user-s1');
    // Past the expiry and past the 15 s of clock skew Auth.js allows when it decrypts the token again.
    vi.setSystemTime(Date.now() + 20_000);
    expect(await reader.getUser(bearer(token))).toBeNull();
  });

  it('refuses a token it cannot decrypt', async () => {
    const reader = createSessionReader(storeOf(new Set(['s1'])), testEnv(), TEST_AUTH_SECRET);
    const token = await mintBearerToken({ sub: 'u1', sid: 's1' }, 'another secret of at least 32 characters');
    expect(await reader.getUser(bearer(token))).toBeNull();
    expect(await reader.getUser(bearer('garbage'))).toBeNull();
  });

  it('finds a cookie again by the whole header, and still asks the store: a revoked session ends at once', async () => {
    const live = new Set(['s1']);
    const reader = createSessionReader(storeOf(live), testEnv(), TEST_AUTH_SECRET);
    const header = `authjs.csrf-token=abc; ${COOKIE}=${await sessionCookie('s1')}; other=1`;
    expect((await reader.cookieSession(withCookie(header)))?.user.id).toBe('user-s1');
    expect((await reader.getUser(withCookie(header)))?.id).toBe('user-s1');
    live.delete('s1');
    expect(await reader.cookieSession(withCookie(header))).toBeNull();
    expect(await reader.getUser(withCookie(header))).toBeNull();
  });

  it('reads a header too long to remember on every request', async () => {
    const live = new Set(['s1']);
    const reader = createSessionReader(storeOf(live), testEnv(), TEST_AUTH_SECRET);
    const header = `padding=${'x'.repeat(5000)}; ${COOKIE}=${await sessionCookie('s1')}`;
    expect((await reader.getUser(withCookie(header)))?.id).toBe('user-s1');
    expect((await reader.getUser(withCookie(header)))?.id).toBe('user-s1');
    live.delete('s1');
    expect(await reader.getUser(withCookie(header))).toBeNull();
  });

  it('tells apart remembered headers that differ only away from their middle', async () => {
    const reader = createSessionReader(storeOf(new Set(['s1', 's2'])), testEnv(), TEST_AUTH_SECRET);
    const [one, two] = [await sessionCookie('s1'), await sessionCookie('s2')];
    expect(one.length).toBe(two.length);
    // The same length and the same middle (the padding): only the tokens tell them apart.
    const padding = `padding=${'x'.repeat(3000)}`;
    const headers = { s1: `${COOKIE}=${one}; ${padding}`, s2: `${COOKIE}=${two}; ${padding}` };
    for (let i = 0; i < 2; i++) {
      expect((await reader.getUser(withCookie(headers.s1)))?.id).toBe('user-s1');
      expect((await reader.getUser(withCookie(headers.s2)))?.id).toBe('user-s2');
    }
  });

  it('judges a request that presents a bearer token by that token alone, remembered or not', async () => {
    const reader = createSessionReader(storeOf(new Set(['s1'])), testEnv(), TEST_AUTH_SECRET);
    const cookie = `${COOKIE}=${await sessionCookie('s1')}`;
    const foreign = await mintBearerToken(
      { sub: 'u1', sid: 's1' },
      'another secret of at least 32 characters',
    );
    for (let i = 0; i < 2; i++) {
      expect(await reader.getUser(withCookie(cookie, `Bearer ${foreign}`))).toBeNull();
      // Not a bearer token: the cookie decides.
      expect((await reader.getUser(withCookie(cookie, 'Basic dXNlcjpwdw==')))?.id).toBe('user-s1');
    }
  });

  it("answers a bearer user by the bearer token alone, never by the cookie, and ends with the token's session", async () => {
    const live = new Set(['s1', 's2']);
    const reader = createSessionReader(storeOf(live), testEnv(), TEST_AUTH_SECRET);
    const cookie = `${COOKIE}=${await sessionCookie('s2')}`;
    const token = await mintBearerToken({ sub: 'u1', sid: 's1' }, TEST_AUTH_SECRET);
    for (let i = 0; i < 2; i++) {
      expect((await reader.bearerUser(withCookie(cookie, `Bearer ${token}`)))?.id).toBe('user-s1');
      expect(await reader.bearerUser(withCookie(cookie))).toBeNull();
      expect(await reader.bearerUser(withCookie(cookie, 'Basic dXNlcjpwdw=='))).toBeNull();
      expect(await reader.bearerUser(withCookie(cookie, 'Bearer garbage'))).toBeNull();
    }
    live.delete('s1');
    expect(await reader.bearerUser(withCookie(cookie, `Bearer ${token}`))).toBeNull();
  });

  it("reads the session of a Cookie header the caller has read already, not the request's", async () => {
    const reader = createSessionReader(storeOf(new Set(['s1'])), testEnv(), TEST_AUTH_SECRET);
    const header = `${COOKIE}=${await sessionCookie('s1')}`;
    const request = withCookie('other=1');
    expect((await reader.cookieSession(request, header))?.user.id).toBe('user-s1');
    expect(await reader.cookieSession(request, null)).toBeNull();
    expect(await reader.cookieSession(request)).toBeNull();
  });

  it('stops accepting a cookie remembered by its header once the token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reader = createSessionReader(storeOf(new Set(['s1'])), testEnv(), TEST_AUTH_SECRET);
    const header = `${COOKIE}=${await sessionCookie('s1')}`;
    expect((await reader.getUser(withCookie(header)))?.id).toBe('user-s1');
    vi.setSystemTime(Date.now() + 3600_000 + 20_000);
    expect(await reader.getUser(withCookie(header))).toBeNull();
  });
});
