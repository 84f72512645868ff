import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '#shared/api-paths';
import { bearerTokenCookie } from '#shared/auth';
import {
  attemptSignIn,
  createAuthTestApp,
  createTestUser,
  fetchCsrfToken,
  postAuthForm,
  signInTestUser,
  TEST_AUTH_SECRET,
} from '#tests/support/auth';
import { CookieJar } from '#tests/support/cookie-jar';
import { databaseTargets } from '#tests/support/databases';
import { graphql } from '#tests/support/graphql';
import { SmtpCatcher } from '#tests/support/smtp-catcher';
import { createTestApp, testEnv } from '#tests/support/test-app';
import { createSessionReader } from '../auth/session-reader';
import { createSessionStore, SESSION_CACHE_TTL_MS } from '../auth/session-store';
import { setPassword } from '../auth/user-store';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';
import { users } from '../db/schema/users';

const PUBLIC_URL = 'http://localhost:3000';
const LOGIN_PAGE = `${PUBLIC_URL}/modules/auth/login`;

type App = ReturnType<typeof createAuthTestApp>;

/** Each test signs in from its own address so the per-address limit never couples tests. */
let lastAddress = 0;
function fromNewAddress(): Record<string, string> {
  lastAddress += 1;
  return { 'X-Forwarded-For': `198.51.100.${lastAddress}` };
}

function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

async function urlOf(response: Response): Promise<URL> {
  expect(response.status).toBe(200);
  return new URL(((await response.json()) as { url: string }).url);
}

async function sessionOf(app: App, jar: CookieJar) {
  return (await app.request('/api/auth/session', { headers: { Cookie: jar.header() } })).json();
}

describe.each(databaseTargets())('sign-in endpoints on $name', (target) => {
  let database: Database;
  let smtp: SmtpCatcher;
  let app: App;

  beforeAll(async () => {
    database = await target.open();
    smtp = await SmtpCatcher.start();
    app = createAuthTestApp(database, { SMTP_URL: smtp.url, TRUST_PROXY_HOPS: '1' });
  });
  afterAll(async () => {
    await smtp.stop();
    await database.close();
  });

  const attempt = (email: string, password: string, headers = fromNewAddress()) =>
    attemptSignIn(app, email, password, headers);

  it('hands out a CSRF token with its double-submit cookie', async () => {
    const response = await app.request('/api/auth/csrf');
    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const cookie = setCookie(response, 'authjs.csrf-token');
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('lists the providers by id with their type', async () => {
    const providers = await (await app.request('/api/auth/providers')).json();
    expect(providers).toEqual({
      credentials: expect.objectContaining({ id: 'credentials', type: 'credentials' }),
      email: expect.objectContaining({ id: 'email', type: 'email' }),
    });
  });

  it('switches OAuth providers on from their variables', async () => {
    const withOauth = createAuthTestApp(database, {
      AUTH_GITHUB_ID: 'gh-id',
      AUTH_GITHUB_SECRET: 'gh-secret',
      AUTH_OIDC_ISSUER: 'https://id.example.test',
      AUTH_OIDC_ID: 'oidc-id',
      AUTH_OIDC_SECRET: 'oidc-secret',
      AUTH_OIDC_NAME: 'Example ID',
    });
    const providers = await (await withOauth.request('/api/auth/providers')).json();
    expect(providers.github).toMatchObject({ type: 'oauth', name: 'GitHub' });
    expect(providers.oidc).toMatchObject({ type: 'oidc', name: 'Example ID' });
    expect(providers.google).toBeUndefined();

    // Starting the GitHub flow answers the authorization URL with state and PKCE.
    const jar = new CookieJar();
    const csrfToken = await fetchCsrfToken(withOauth, jar);
    const url = await urlOf(await postAuthForm(withOauth, jar, '/api/auth/signin/github', { csrfToken }));
    expect(url.origin).toBe('https://github.com');
    expect(url.searchParams.get('client_id')).toBe('gh-id');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/callback/github`);
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
  });

  it('slides a session cookie forward once it is a day old, and answers younger ones as they are', async () => {
    const { user, email, password } = await createTestUser(database, { name: 'Slide' });
    const { jar } = await attempt(email, password);
    const read = () => app.request('/api/auth/session', { headers: { Cookie: jar.header() } });
    const fresh = await read();
    expect(await fresh.json()).toMatchObject({ user: { id: user.id, name: 'Slide' } });
    expect(setCookie(fresh, 'authjs.session-token')).toBeUndefined();
    expect(fresh.headers.get('Cache-Control')).toMatch(/no-store/);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60_000 });
    try {
      const dayOld = await read();
      expect(await dayOld.json()).toMatchObject({ user: { id: user.id, name: 'Slide' } });
      expect(setCookie(dayOld, 'authjs.session-token')).toBeDefined();
      expect(setCookie(dayOld, bearerTokenCookie.name)).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers null for the session of an anonymous caller', async () => {
    const response = await app.request('/api/auth/session');
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it("answers an anonymous visitor's repeated session reads as Auth.js does, cookies and all", async () => {
    const jar = new CookieJar();
    const read = async (query = '?callbackUrl=%2Fsearch', cookie = jar.header()) => {
      const response = await app.request(`/api/auth/session${query}`, { headers: { Cookie: cookie } });
      return {
        response,
        set: response.headers.getSetCookie().map((c) => c.split('=')[0]),
        body: await response.text(),
      };
    };
    const first = await read();
    jar.store(first.response);
    expect(first.set.sort()).toEqual(['authjs.callback-url', 'authjs.csrf-token']);
    // Cookies in place: the same answer and headers, no cookie set.
    for (const query of [
      '?callbackUrl=%2Fsearch',
      '',
      '?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fsearch',
    ]) {
      const again = await read(query);
      expect(again.body, query).toBe('null');
      expect(again.set, query).toEqual([]);
      expect(again.response.headers.get('Cache-Control')).toBe('private, no-cache, no-store');
      expect(again.response.headers.get('Content-Type')).toMatch(/^application\/json/);
    }
    // Anything Auth.js would change still reaches it: another page, a foreign page, a forged CSRF
    // cookie, a session cookie of any kind.
    const another = await read('?callbackUrl=%2Fabout');
    expect(another.set).toEqual(['authjs.callback-url']);
    const foreign = await read('?callbackUrl=https%3A%2F%2Fevil.example%2F');
    expect(foreign.set).toEqual(['authjs.callback-url']);
    const forged = jar.header().replace(/authjs\.csrf-token=[^;]+/, 'authjs.csrf-token=abc%7Cdef');
    expect((await read('?callbackUrl=%2Fsearch', forged)).set).toEqual(['authjs.csrf-token']);
    const stale = await read('?callbackUrl=%2Fsearch', `${jar.header()}; authjs.session-token=forged`);
    expect(stale.body).toBe('null');
    expect(stale.set).toContain('authjs.session-token');
  });

  it('signs in with email and password, sets the cookies and serves the session', async () => {
    const { user, email, password } = await createTestUser(database, { name: 'Ada', role: 'editor' });
    const { jar, response } = await attempt(email.toUpperCase(), password);
    expect((await urlOf(response)).toString()).toBe(`${PUBLIC_URL}/`);

    const session = setCookie(response, 'authjs.session-token');
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
    const bearer = setCookie(response, bearerTokenCookie.name);
    expect(bearer).toMatch(/Max-Age=604800/);
    expect(bearer).toMatch(/SameSite=Lax/);
    expect(bearer).not.toMatch(/HttpOnly/);

    expect(await sessionOf(app, jar)).toEqual({
      user: { id: user.id, email, name: 'Ada', role: 'editor' },
      expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('gives the same answer for a wrong password and an unknown account, and no session', async () => {
    const { email } = await createTestUser(database);
    const wrong = await attempt(email, 'not the password');
    const unknown = await attempt('nobody@example.test', 'not the password');
    const wrongUrl = await urlOf(wrong.response);
    expect(wrongUrl.toString()).toBe(`${LOGIN_PAGE}?error=CredentialsSignin&code=credentials`);
    expect((await urlOf(unknown.response)).toString()).toBe(wrongUrl.toString());
    for (const { response, jar } of [wrong, unknown]) {
      expect(setCookie(response, 'authjs.session-token')).toBeUndefined();
      expect(setCookie(response, bearerTokenCookie.name)).toBeUndefined();
      expect(await sessionOf(app, jar)).toBeNull();
    }
  });

  it('refuses a sign-in without a CSRF token or with someone else’s', async () => {
    const { email, password } = await createTestUser(database);
    const jar = new CookieJar();
    await fetchCsrfToken(app, jar);
    const missing = await postAuthForm(
      app,
      jar,
      '/api/auth/callback/credentials',
      { email, password },
      fromNewAddress(),
    );
    expect((await urlOf(missing)).searchParams.get('error')).toBe('MissingCSRF');

    const forged = await postAuthForm(
      app,
      jar,
      '/api/auth/callback/credentials',
      { email, password, csrfToken: await fetchCsrfToken(app, new CookieJar()) },
      fromNewAddress(),
    );
    expect((await urlOf(forged)).searchParams.get('error')).toBe('MissingCSRF');
    expect(setCookie(forged, 'authjs.session-token')).toBeUndefined();
    expect(await sessionOf(app, jar)).toBeNull();
  });

  it('sends unknown or missing providers to the sign-in page', async () => {
    const jar = new CookieJar();
    const csrfToken = await fetchCsrfToken(app, jar);
    for (const path of ['/api/auth/signin/nope', '/api/auth/signin']) {
      const url = await urlOf(await postAuthForm(app, jar, path, { csrfToken }));
      expect(url.toString()).toBe(`${PUBLIC_URL}/api/auth/signin`);
    }
    const signInPage = await app.request('/api/auth/signin');
    expect(signInPage.status).toBe(302);
    expect(signInPage.headers.get('Location')).toMatch(/^\/modules\/auth\/login\?callbackUrl=/);
    const callback = await urlOf(await postAuthForm(app, jar, '/api/auth/callback/nope', { csrfToken }));
    expect(callback.toString()).toBe(`${PUBLIC_URL}/api/auth/signin`);
    const plain = await app.request('/api/auth/callback/nope');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('Location')).toBe(`${PUBLIC_URL}/api/auth/signin`);
  });

  it('redirects instead of answering JSON when the form has no json=true', async () => {
    const { email, password } = await createTestUser(database);
    const jar = new CookieJar();
    const csrfToken = await fetchCsrfToken(app, jar);
    const response = await app.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: jar.header(),
        ...fromNewAddress(),
      },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: '/modules/auth/protected' }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`${PUBLIC_URL}/modules/auth/protected`);
    expect(setCookie(response, bearerTokenCookie.name)).toBeDefined();

    // A refusal redirects too: here to the sign-in page, for want of the CSRF token.
    const refused = await app.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...fromNewAddress() },
      body: new URLSearchParams({ email, password }),
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('Location')).toBe(`${LOGIN_PAGE}?error=MissingCSRF`);
  });

  it('refuses sign-in posts that are not form-encoded', async () => {
    const response = await app.request('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.test', password: 'x' }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('refuses a sign-in form with a NUL, a repeated field or over 16 KiB before counting an attempt', async () => {
    const { email, password } = await createTestUser(database);
    const jar = new CookieJar();
    const csrfToken = await fetchCsrfToken(app, jar);
    const address = fromNewAddress();
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ csrfToken, json: 'true', ...fields }).toString();
    const cases: [string, string, number, string | undefined][] = [
      ['/api/auth/callback/credentials', form({ email: `${email}\u0000`, password }), 400, 'email'],
      ['/api/auth/signin/email', form({ email: `${email}\u0000` }), 400, 'email'],
      // Auth.js would check the last address, the rate limits count the first.
      [
        '/api/auth/callback/credentials',
        `${form({ email: 'someone@else.test', password })}&email=${encodeURIComponent(email)}`,
        400,
        'email',
      ],
      [
        '/api/auth/callback/credentials',
        form({ email, password, pad: 'x'.repeat(16 * 1024) }),
        413,
        undefined,
      ],
    ];
    for (const [path, body, status, field] of cases) {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header(), ...address },
        body,
      });
      expect(response.status, body.slice(0, 100)).toBe(status);
      const { error } = await response.json();
      expect(error.code).toBe(status === 413 ? 'too_large' : 'invalid_body');
      if (field) expect(error.issues.map((i: { path: string }) => i.path)).toEqual([field]);
      expect(setCookie(response, bearerTokenCookie.name)).toBeUndefined();
    }
    const counted = await database.db.select().from(rateLimits);
    expect(counted.filter((row) => row.key.includes(address['X-Forwarded-For']!))).toEqual([]);
  });

  it('keeps a callback URL on another site from becoming a redirect', async () => {
    const { email, password } = await createTestUser(database);
    const jar = new CookieJar();
    const csrfToken = await fetchCsrfToken(app, jar);
    const url = await urlOf(
      await postAuthForm(
        app,
        jar,
        '/api/auth/callback/credentials',
        { email, password, csrfToken, callbackUrl: 'https://evil.example/steal' },
        fromNewAddress(),
      ),
    );
    expect(url.origin).toBe(PUBLIC_URL);
  });

  it('signs out only with a CSRF token, clearing the session and the bearer token', async () => {
    const { email, password } = await createTestUser(database);
    const signedIn = await signInTestUser(app, email, password);
    const { jar } = signedIn;

    const refused = await postAuthForm(app, jar, '/api/auth/signout', {});
    expect((await urlOf(refused)).searchParams.get('error')).toBe('MissingCSRF');
    expect(await sessionOf(app, jar)).not.toBeNull();

    const csrfToken = await fetchCsrfToken(app, jar);
    const response = await postAuthForm(app, jar, '/api/auth/signout', {
      csrfToken,
      callbackUrl: '/modules/auth/guest',
    });
    expect((await urlOf(response)).toString()).toBe(`${PUBLIC_URL}/modules/auth/guest`);
    expect(setCookie(response, 'authjs.session-token')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(setCookie(response, bearerTokenCookie.name)).toMatch(/Max-Age=0/);
    expect(jar.get(bearerTokenCookie.name)).toBeUndefined();
    expect(await sessionOf(app, jar)).toBeNull();
  });

  it('ends the session on the server at sign-out: the copied cookie and bearer token get nothing', async () => {
    const { email, password } = await createTestUser(database);
    const signedIn = await signInTestUser(app, email, password);
    const copiedCookie = signedIn.headers;
    const graphqlMe = (headers: Record<string, string>) =>
      graphql(app, '{ me { email } items(dataSource: "cities") { totalCount } }', {}, headers);
    expect((await graphqlMe(signedIn.bearerHeaders)).data?.me).toEqual({ email });

    const csrfToken = await fetchCsrfToken(app, signedIn.jar);
    await postAuthForm(app, signedIn.jar, '/api/auth/signout', { csrfToken });

    const backup = await app.request(apiPaths.backup, { headers: copiedCookie });
    expect(backup.status).toBe(401);
    expect((await app.request('/api/auth/session', { headers: copiedCookie })).status).toBe(200);
    expect(await (await app.request('/api/auth/session', { headers: copiedCookie })).json()).toBeNull();
    const replayed = await graphqlMe(signedIn.bearerHeaders);
    expect(replayed.data).toBeNull();
    expect(replayed.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('signs out everywhere: every device of the user loses its session, other users keep theirs', async () => {
    const { email, password } = await createTestUser(database);
    const laptop = await signInTestUser(app, email, password);
    const phone = await signInTestUser(app, email, password);
    const someoneElse = await createTestUser(database);
    const other = await signInTestUser(app, someoneElse.email, someoneElse.password);
    const post = (headers: Record<string, string>) =>
      app.request(apiPaths.signOutEverywhere, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL, ...headers },
        body: '{}',
      });

    // CSRF-safe: not from another site, not as a form.
    expect((await post({ ...laptop.headers, Origin: 'https://evil.example' })).status).toBe(403);
    for (const [body, code] of [
      ['{"everywhere":true}', 'invalid_body'],
      ['', 'invalid_json'],
    ]) {
      const refused = await app.request(apiPaths.signOutEverywhere, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL, ...laptop.headers },
        body,
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.code).toBe(code);
    }
    expect((await post({ Origin: PUBLIC_URL })).status).toBe(401);

    const response = await post(laptop.headers);
    expect(response.status).toBe(200);
    expect(setCookie(response, 'authjs.session-token')).toMatch(/Max-Age=0/);
    expect(setCookie(response, bearerTokenCookie.name)).toMatch(/Max-Age=0/);
    for (const device of [laptop, phone]) {
      expect(await sessionOf(app, device.jar)).toBeNull();
      expect((await graphql(app, '{ me { email } }', {}, device.bearerHeaders)).data).toEqual({ me: null });
    }
    expect(await sessionOf(app, other.jar)).toMatchObject({ user: { email: someoneElse.email } });
  });

  it('ends every session of an account when its password is reset', async () => {
    const { email, password } = await createTestUser(database);
    const before = await signInTestUser(app, email, password);
    expect(await setPassword(database.db, email, 'a brand new password')).toBe(true);
    expect(await sessionOf(app, before.jar)).toBeNull();
    expect((await graphql(app, '{ me { email } }', {}, before.bearerHeaders)).data).toEqual({ me: null });
    expect((await attempt(email, 'a brand new password')).response.status).toBe(200);
  });

  /** Runs `steps` with the clock stopped at the start of a sign-in window, which it may then move. */
  async function atWindowStart(steps: (advanceSeconds: (seconds: number) => void) => Promise<void>) {
    const windowMs = 15 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / windowMs) * windowMs + 1000 });
    try {
      await steps((seconds) => vi.setSystemTime(Date.now() + seconds * 1000));
    } finally {
      vi.useRealTimers();
    }
  }

  it('stops guesses at one account from an address with 429, never the owner at another address', async () => {
    const { email, password } = await createTestUser(database);
    const attacker = fromNewAddress();
    // The clock stands still: the attacker never waits as long as each next try must.
    await atWindowStart(async () => {
      for (let i = 0; i < 50; i++) {
        const { response } = await attempt(email, 'wrong password', attacker);
        if (i < 3) expect((await urlOf(response)).searchParams.get('error')).toBe('CredentialsSignin');
        else expect(response.status).toBe(429);
      }
      // Even the right password is refused from the attacker's address, with the wait to expect…
      const { response, jar } = await attempt(email, password, attacker);
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await response.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(await sessionOf(app, jar)).toBeNull();
      // …while the owner signs in from their own.
      const owner = await attempt(email, password);
      expect(owner.response.status).toBe(200);
      expect(await sessionOf(app, owner.jar)).toMatchObject({ user: { email } });
    });
  });

  it('makes each attempt past the third wait twice as long, up to the limit of the window', async () => {
    const { email } = await createTestUser(database);
    const address = fromNewAddress();
    const failed = async () => (await urlOf((await attempt(email, 'wrong', address)).response)).searchParams;
    await atWindowStart(async (advanceSeconds) => {
      for (let i = 0; i < 3; i++) expect((await failed()).get('error')).toBe('CredentialsSignin');
      for (const wait of [1, 2, 4, 8, 16, 32, 60]) {
        const early = await attempt(email, 'wrong', address);
        expect(early.response.status).toBe(429);
        expect(early.response.headers.get('Retry-After')).toBe(String(wait));
        advanceSeconds(wait);
        expect((await failed()).get('error')).toBe('CredentialsSignin');
      }
      // Ten failures: refused until the window ends, however long one waits within it.
      advanceSeconds(60);
      const after = await attempt(email, 'wrong', address);
      expect(after.response.status).toBe(429);
      expect(Number(after.response.headers.get('Retry-After'))).toBeGreaterThan(60);
    });
  });

  it('forgives earlier failures once the right password is given', async () => {
    const { email, password } = await createTestUser(database);
    const address = fromNewAddress();
    await atWindowStart(async (advanceSeconds) => {
      for (let round = 0; round < 2; round++) {
        // Without the forgiving, the second round's third failure would already have to wait.
        for (let i = 0; i < 3; i++) {
          expect(
            (await urlOf((await attempt(email, 'wrong', address)).response)).searchParams.get('error'),
          ).toBe('CredentialsSignin');
        }
        advanceSeconds(1);
        expect((await attempt(email, password, address)).response.status).toBe(200);
      }
    });
  });

  it('counts no successful sign-in, so one address (a proxy) can sign many people in', async () => {
    const shared = fromNewAddress();
    const people = await Promise.all(Array.from({ length: 3 }, () => createTestUser(database)));
    for (let i = 0; i < 33; i++) {
      const { email, password } = people[i % people.length]!;
      expect((await attempt(email, password, shared)).response.status).toBe(200);
    }
  });

  it('rate-limits attempts per address across accounts', async () => {
    await atWindowStart(async () => {
      const pinned = createAuthTestApp(database, { TRUST_PROXY_HOPS: '1' });
      const address = fromNewAddress();
      for (let i = 0; i < 10; i++) {
        const { response } = await attemptSignIn(pinned, `spray-${i}@example.test`, 'guess', address);
        expect(response.status).toBe(200);
      }
      const { response } = await attemptSignIn(pinned, 'spray-last@example.test', 'guess', address);
      expect(response.status).toBe(429);
      const other = await attemptSignIn(pinned, 'spray-last@example.test', 'guess', fromNewAddress());
      expect(other.response.status).toBe(200);
    });
  });

  it('reads the session from the cookie or the bearer token, and nothing else', async () => {
    const { user, email, password } = await createTestUser(database);
    const signedIn = await signInTestUser(app, email, password);
    let now = Date.now();
    const store = createSessionStore(database, testEnv().AUTH_SESSION_MAX_AGE, () => now);
    const reader = createSessionReader(store, testEnv(), TEST_AUTH_SECRET);
    const request = (headers: Record<string, string>) => new Request(`${PUBLIC_URL}/graphql`, { headers });
    const expected = { id: user.id, email, name: 'Test User', role: 'user' };

    expect(await reader.getUser(request(signedIn.headers))).toEqual(expected);
    expect(await reader.getUser(request(signedIn.bearerHeaders))).toEqual(expected);
    expect(await reader.getUser(request({}))).toBeNull();
    expect(await reader.getUser(request({ Authorization: 'Bearer not-a-token' }))).toBeNull();
    // The session cookie is not a bearer token, nor the other way round.
    const sessionToken = signedIn.jar.get('authjs.session-token')!;
    expect(await reader.getUser(request({ Authorization: `Bearer ${sessionToken}` }))).toBeNull();
    expect(
      await reader.getUser(request({ Cookie: `authjs.session-token=${signedIn.bearerToken}` })),
    ).toBeNull();
    // Another secret cannot read them.
    const stranger = createSessionReader(store, testEnv(), `${TEST_AUTH_SECRET}-other`);
    expect(await stranger.getUser(request(signedIn.bearerHeaders))).toBeNull();
    // Deleting the account ends its sessions, once the process's cached answer is due again.
    await database.db.delete(users).where(eq(users.id, user.id));
    now += SESSION_CACHE_TTL_MS;
    expect(await reader.getUser(request(signedIn.bearerHeaders))).toBeNull();
  });

  it('answers a changed role at once, though it serializes a session once', async () => {
    const overrides = { AUTH_SECRET: TEST_AUTH_SECRET, TRUST_PROXY_HOPS: '1' };
    const env = testEnv(overrides);
    const store = createSessionStore(database, env.AUTH_SESSION_MAX_AGE);
    const reader = createSessionReader(store, env, TEST_AUTH_SECRET);
    const withStore = createTestApp(database, overrides, reader, store);
    const { user, email, password } = await createTestUser(database);
    const signedIn = await signInTestUser(withStore, email, password);
    expect(await sessionOf(withStore, signedIn.jar)).toMatchObject({ user: { role: 'user' } });
    expect(await sessionOf(withStore, signedIn.jar)).toMatchObject({ user: { role: 'user' } });
    await database.db.update(users).set({ role: 'editor' }).where(eq(users.id, user.id));
    await store.refreshUser(user.id);
    expect(await sessionOf(withStore, signedIn.jar)).toMatchObject({ user: { role: 'editor' } });
  });

  it('shares sessions between server processes with the same AUTH_SECRET', async () => {
    const { email, password } = await createTestUser(database);
    const other = createAuthTestApp(database, { TRUST_PROXY_HOPS: '1' });
    const signedIn = await signInTestUser(app, email, password);
    expect(await sessionOf(other, signedIn.jar)).toMatchObject({ user: { email } });

    // Sign out through the other process with a CSRF token it issued.
    const csrfToken = await fetchCsrfToken(other, signedIn.jar);
    await postAuthForm(other, signedIn.jar, '/api/auth/signout', { csrfToken });
    expect(await sessionOf(app, signedIn.jar)).toBeNull();
  });

  it('marks cookies Secure, with __Secure- names, behind an https public URL', async () => {
    const secure = createAuthTestApp(database, { PUBLIC_URL: 'https://sift.example', TRUST_PROXY_HOPS: '1' });
    const csrf = await secure.request('/api/auth/csrf');
    expect(setCookie(csrf, '__Host-authjs.csrf-token')).toMatch(/Secure/);
    const { email, password } = await createTestUser(database);
    const { response } = await attemptSignIn(secure, email, password, fromNewAddress());
    expect((await urlOf(response)).origin).toBe('https://sift.example');
    expect(setCookie(response, '__Secure-authjs.session-token')).toMatch(/; Secure/);
    const bearer = setCookie(response, bearerTokenCookie.name)!;
    expect(bearer).toMatch(/; Secure/);
    expect(bearer).toMatch(/Max-Age=604800/);
    expect(bearer).toMatch(/SameSite=Lax/);
  });

  it('serves the browser’s session refresh settings', async () => {
    const custom = createAuthTestApp(database, {
      AUTH_REFRESH_INTERVAL: '300',
      AUTH_REFRESH_ON_FOCUS: 'false',
    });
    expect(await (await custom.request('/api/auth-settings')).json()).toEqual({
      refreshOnWindowFocus: false,
      refreshIntervalSeconds: 300,
      refreshTokenMaxAgeSeconds: 604800,
      selfRegistration: false,
    });
  });

  describe('email link', () => {
    async function requestLink(email: string, target: App = app, headers: Record<string, string> = {}) {
      const jar = new CookieJar();
      const csrfToken = await fetchCsrfToken(target, jar);
      const response = await postAuthForm(
        target,
        jar,
        '/api/auth/signin/email',
        { email, csrfToken, callbackUrl: '/modules/auth/protected' },
        { ...fromNewAddress(), ...headers },
      );
      return { jar, url: await urlOf(response) };
    }

    it('mails a one-time link that signs the account in', async () => {
      const { email } = await createTestUser(database);
      const { url } = await requestLink(email);
      expect(url.toString()).toBe(`${PUBLIC_URL}/api/auth/verify-request?provider=email&type=email`);
      const checkYourEmail = await app.request(url.pathname + url.search);
      expect(checkYourEmail.headers.get('Location')).toBe('/modules/auth/login?provider=email&type=email');

      const link = SmtpCatcher.linkIn(await smtp.mailTo(email));
      expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/api/auth/callback/email\\?`));
      const jar = new CookieJar();
      const landing = jar.store(await app.request(link));
      expect(landing.status).toBe(302);
      expect(landing.headers.get('Location')).toBe(`${PUBLIC_URL}/modules/auth/protected`);
      expect(jar.get(bearerTokenCookie.name)).toBeTruthy();
      expect(await sessionOf(app, jar)).toMatchObject({ user: { email } });

      // The link works once.
      const again = await app.request(link);
      expect(again.headers.get('Location')).toBe(`${LOGIN_PAGE}?error=Verification`);
    });

    it('writes the email in the language the browser asks for', async () => {
      const { email } = await createTestUser(database);
      await requestLink(email, app, { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5' });
      const mail = await smtp.mailTo(email);
      expect(mail.text).toContain('Inicia sesión en Sift con este enlace:');
      expect(mail.text).toContain('Sirve una sola vez');
      expect(SmtpCatcher.linkIn(mail)).toMatch(new RegExp(`^${PUBLIC_URL}/api/auth/callback/email\\?`));
    });

    it('answers the same for an unknown address and sends nothing without self-registration', async () => {
      const { email } = await createTestUser(database);
      const known = await requestLink(email);
      const unknown = await requestLink('stranger@example.test');
      expect(unknown.url.toString()).toBe(known.url.toString());
      await expect(smtp.mailTo('stranger@example.test', 500)).rejects.toThrow(/no mail/);
    });

    it('creates the account on first use when self-registration is on', async () => {
      const open = createAuthTestApp(database, {
        SMTP_URL: smtp.url,
        TRUST_PROXY_HOPS: '1',
        AUTH_SELF_REGISTRATION: 'true',
      });
      await requestLink('newcomer@example.test', open);
      const jar = new CookieJar();
      jar.store(await open.request(SmtpCatcher.linkIn(await smtp.mailTo('newcomer@example.test'))));
      expect(await sessionOf(open, jar)).toMatchObject({
        user: { email: 'newcomer@example.test', role: 'user', name: null },
      });
    });
  });
});
