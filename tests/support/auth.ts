// Signs test users in through the real /api/auth endpoints, for API tests that need a session:
//   const app = createAuthTestApp(database);
//   const { email, password } = await createTestUser(database);
//   const session = await signInTestUser(app, email, password);
//   await app.request('/api/backup', { headers: session.headers });       // session cookie
//   await app.request('/graphql', { headers: session.bearerHeaders, … }); // Authorization: Bearer
// A running server signs in the same way over HTTP: signInTestUser(httpTarget(origin), email, password).
import { randomBytes } from 'node:crypto';
import { createSessionReader } from '#server/auth/session-reader';
import { createSessionStore } from '#server/auth/session-store';
import { createUser, type NewUser, type UserRow } from '#server/auth/user-store';
import type { Database } from '#server/db/client';
import { bearerTokenCookie } from '#shared/auth';
import { CookieJar } from './cookie-jar';
import { createTestApp, testEnv } from './test-app';

export const TEST_AUTH_SECRET = 'sift-test-auth-secret-0123456789abcdefghijklmnop';

/** The real app with the real session reader and store, sharing one AUTH_SECRET. */
export function createAuthTestApp(database: Database, envOverrides: Record<string, string> = {}) {
  const overrides = { AUTH_SECRET: TEST_AUTH_SECRET, ...envOverrides };
  const env = testEnv(overrides);
  const store = createSessionStore(database, env.AUTH_SESSION_MAX_AGE);
  return createTestApp(database, overrides, createSessionReader(store, env, overrides.AUTH_SECRET), store);
}

/** What the sign-in helpers send requests to: the app itself, or a running server (`httpTarget`). */
export interface RequestTarget {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** A running server at `origin` as a RequestTarget. */
export function httpTarget(origin: string): RequestTarget {
  return { request: (path, init) => fetch(new URL(path, origin), init) };
}

export async function createTestUser(
  database: Database,
  overrides: Partial<NewUser> = {},
): Promise<{ user: UserRow; email: string; password: string }> {
  const email = overrides.email ?? `user-${randomBytes(6).toString('hex')}@example.test`;
  const password = overrides.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const user = await createUser(database.db, { name: 'Test User', ...overrides, email, password });
  return { user, email, password };
}

export interface SignedIn {
  jar: CookieJar;
  /** Cookie header carrying the session (and CSRF) cookies. */
  headers: { Cookie: string };
  bearerToken: string;
  bearerHeaders: { Authorization: string };
}

/** Fetches a CSRF token into `jar` and returns it. */
export async function fetchCsrfToken(app: RequestTarget, jar: CookieJar): Promise<string> {
  const response = jar.store(await app.request('/api/auth/csrf', { headers: { Cookie: jar.header() } }));
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** Posts an Auth.js form the way the client does (form-encoded, csrfToken, json=true). */
export async function postAuthForm(
  app: RequestTarget,
  jar: CookieJar,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return jar.store(
    await app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header(), ...headers },
      body: new URLSearchParams({ callbackUrl: '/', json: 'true', ...fields }),
    }),
  );
}

/** One password sign-in attempt as the browser makes it (fresh cookies, a CSRF token, json=true). */
export async function attemptSignIn(
  app: RequestTarget,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ jar: CookieJar; response: Response }> {
  const jar = new CookieJar();
  const csrfToken = await fetchCsrfToken(app, jar);
  const fields = { email, password, csrfToken };
  return { jar, response: await postAuthForm(app, jar, '/api/auth/callback/credentials', fields, headers) };
}

export async function signInTestUser(app: RequestTarget, email: string, password: string): Promise<SignedIn> {
  const { jar, response } = await attemptSignIn(app, email, password);
  const bearerToken = jar.get(bearerTokenCookie.name);
  if (response.status !== 200 || !bearerToken) {
    throw new Error(
      `signing ${email} in failed: ${response.status} ${JSON.stringify(await response.json())}`,
    );
  }
  return {
    jar,
    headers: { Cookie: jar.header() },
    bearerToken,
    bearerHeaders: { Authorization: `Bearer ${bearerToken}` },
  };
}
