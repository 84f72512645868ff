// Sign-in: Auth.js mounted at /api/auth, plus what it leaves to us — form posts carrying
// json=true answered as {url}, throttled password guesses, the bearer-token cookie minted and
// cleared alongside the session cookie, "sign out everywhere", and the browser's refresh settings.
import { Auth } from '@auth/core';
import { decode } from '@auth/core/jwt';
import { type Context, Hono } from 'hono';
import { serialize } from 'hono/utils/cookie';
import { z } from 'zod/mini';
import { apiPaths } from '#shared/api-paths';
import { type AuthSettings, bearerTokenCookie, type Session } from '#shared/auth';
import { anonymousSessionCheck, NULL_SESSION_HEADERS } from '../auth/anonymous-session';
import { sessionCookieChange, sessionCookieName, usesSecureCookies } from '../auth/auth-cookies';
import type { AuthSetup } from '../auth/auth-setup';
import { bearerCookie, mintBearerToken } from '../auth/bearer-token';
import type { SessionStore } from '../auth/session-store';
import type { CookieSession, SessionReader } from '../auth/session-user';
import { normalizeEmail } from '../auth/user-store';
import { clientAddress } from '../client-address';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { apiError } from '../http-error';
import { formBody, jsonBody } from '../json-body';
import type { ServerMetrics } from '../metrics/server-metrics';
import { sameOriginJson } from '../middleware/same-origin-json';
import { plainResponse } from '../plain-response';
import { RateLimiter, tooManyRequests } from '../rate-limit';

/** Far more than an address, a password and the CSRF token take. */
const FORM_BYTES = 16 * 1024;
/**
 * Each field once, as text: Auth.js keeps the last of a repeated field where the rate limits would
 * read the first, so an attempt could be counted against another account than the one tried.
 */
const SignInFormSchema = z.record(z.string(), z.string());
/** The client posts `{}`: signing out everywhere needs nothing but the session. */
const SignOutEverywhereSchema = z.strictObject({});
const ATTEMPT_WINDOW_MS = 15 * 60_000;
/**
 * Failed attempts (wrong passwords, and every email link sent) per window: per client address over
 * all accounts, and per account from one address. An attacker guessing one account's password is
 * stopped at their own address, never the owner at theirs; successful sign-ins count nowhere.
 * Past the first few failures each next attempt waits twice as long (1 s, 2 s, 4 s… at most a minute).
 */
const FAILURES_PER_ADDRESS = 30;
const FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
const BACKOFF_MAX_MS = 60_000;

/**
 * Auth.js encrypts a new session cookie (and we mint a new bearer token) on every session read; a
 * cookie issued less than this long ago is answered from memory instead, as Auth.js's own
 * `updateAge` does for database sessions, so a session slides forward at most once a day.
 */
const SESSION_UPDATE_AGE_MS = 24 * 60 * 60_000;

/**
 * The session's JSON, serialized once per user and expiry: the session store hands out the same user
 * object for a session until it reads the session again, and a client asks for its session often.
 */
const sessionJsonOf = new WeakMap<CookieSession['user'], { expiresAt: number; text: string }>();
function sessionJson({ user, expiresAt }: CookieSession): string {
  const kept = sessionJsonOf.get(user);
  if (kept?.expiresAt === expiresAt) return kept.text;
  const body: Session = { user, expires: new Date(expiresAt).toISOString() };
  const text = JSON.stringify(body);
  sessionJsonOf.set(user, { expiresAt, text });
  return text;
}

/** Posts that try a password or send a link: the ones worth guessing or spamming. */
const ATTEMPT_PATHS = new Set([`${apiPaths.auth}/callback/credentials`, `${apiPaths.auth}/signin/email`]);

export interface AuthRoutesDeps {
  env: Env;
  database: Database;
  sessions: SessionReader;
  sessionStore: SessionStore;
  metrics: ServerMetrics;
  auth: AuthSetup;
}

export function authRoutes(deps: AuthRoutesDeps) {
  const { env, database, sessions, sessionStore } = deps;
  const { secret, config } = deps.auth;
  const secure = usesSecureCookies(env);
  const sessionCookie = sessionCookieName(env);
  /** A rule counting failures per window, backing off after `after` of them. */
  const failureLimiter = (name: string, limit: number, after: number) =>
    new RateLimiter(
      database.db,
      { name, limit, windowMs: ATTEMPT_WINDOW_MS, backoff: { after, maxDelayMs: BACKOFF_MAX_MS } },
      { refusals: deps.metrics.rateLimitRefusals },
    );
  const perAddress = failureLimiter('sign-in-failures-address', FAILURES_PER_ADDRESS, 10);
  const perAccountAndAddress = failureLimiter(
    'sign-in-failures-account',
    FAILURES_PER_ACCOUNT_AND_ADDRESS,
    3,
  );
  const settings: AuthSettings = {
    refreshOnWindowFocus: env.AUTH_REFRESH_ON_FOCUS,
    refreshIntervalSeconds: env.AUTH_REFRESH_INTERVAL,
    refreshTokenMaxAgeSeconds: bearerTokenCookie.maxAgeSeconds,
    selfRegistration: env.AUTH_SELF_REGISTRATION,
  };

  /** Keeps the bearer-token cookie in step with whatever Auth.js did to the session cookie. */
  async function withBearerToken(response: Response): Promise<Response> {
    // Responses from Response.redirect() have immutable headers, which this cookie and the
    // security headers added on the way out could not change: always answer a copy.
    const copy = new Response(response.body, response);
    const change = sessionCookieChange(response, sessionCookie);
    if (!change) return copy;
    let token: string | null = null;
    if (change.kind === 'set') {
      const payload = await decode({ token: change.token, secret, salt: sessionCookie });
      if (typeof payload?.sub === 'string' && typeof payload.sid === 'string') {
        token = await mintBearerToken({ sub: payload.sub, sid: payload.sid }, secret);
      }
    }
    copy.headers.append('Set-Cookie', bearerCookie(token, secure));
    return copy;
  }

  const providerIds = new Set(config.providers.map((p) => (typeof p === 'function' ? p() : p).id));
  const signInUrl = new URL(`${apiPaths.auth}/signin`, env.PUBLIC_URL).toString();

  const app = new Hono();

  app.get(apiPaths.authSettings, (c) => c.json(settings));

  const signOutBody = jsonBody(SignOutEverywhereSchema, { maxBytes: 1024, what: 'A sign-out request' });
  app.post(apiPaths.signOutEverywhere, sameOriginJson(env), signOutBody, async (c) => {
    const user = await sessions.getUser(c.req.raw);
    if (!user) return apiError(c, 401, 'unauthenticated', 'Sign in to sign out of your devices.');
    await sessionStore.revokeAll(user.id);
    c.header(
      'Set-Cookie',
      serialize(sessionCookie, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'Lax', secure }),
      { append: true },
    );
    c.header('Set-Cookie', bearerCookie(null, secure), { append: true });
    return c.json({ signedOut: true });
  });

  const unchangedAnonymous = anonymousSessionCheck(env, secret);
  app.get(`${apiPaths.auth}/session`, async (c, next) => {
    const cookies = c.req.raw.headers.get('Cookie');
    if (unchangedAnonymous(cookies, c.req.query('callbackUrl')))
      return plainResponse(c, 'null', 200, NULL_SESSION_HEADERS);
    const session = await sessions.cookieSession(c.req.raw, cookies);
    if (!session || Date.now() - session.issuedAt >= SESSION_UPDATE_AGE_MS) return next();
    return plainResponse(c, sessionJson(session), 200, {
      'cache-control': 'private, no-cache, no-store',
      'content-type': 'application/json',
    });
  });

  /** Hands a request to Auth.js; `form` is a POST's validated body. */
  async function toAuthJs(c: Context, form?: Record<string, string>) {
    const incoming = new URL(c.req.url);
    // Auth.js builds redirects, cookie flags and email links from the request URL: use the public one.
    const url = new URL(incoming.pathname + incoming.search, env.PUBLIC_URL);
    const headers = new Headers(c.req.raw.headers);
    const body = form && new URLSearchParams(form).toString();
    // Re-encoded, the form may differ in length from what was sent.
    headers.delete('Content-Length');
    let attempt: { limiter: RateLimiter; key: string }[] = [];

    if (form) {
      // Spec §7: a form with json=true gets {url} instead of a redirect.
      if (form.json === 'true') headers.set('X-Auth-Return-Redirect', '1');
      if (ATTEMPT_PATHS.has(incoming.pathname)) {
        const address = clientAddress(c, env.TRUST_PROXY_HOPS);
        const account = normalizeEmail(form.email ?? '');
        attempt = [
          { limiter: perAddress, key: address },
          { limiter: perAccountAndAddress, key: `${account} ${address}` },
        ];
        // Counted before the password is checked, so parallel guesses cannot slip past the limit;
        // a successful sign-in takes its attempt back below.
        for (const [i, { limiter, key }] of attempt.entries()) {
          const decision = await limiter.consume(key);
          if (decision.allowed) continue;
          // A refused attempt checks no password, so it is no failure for the rules that let it pass.
          for (const passed of attempt.slice(0, i)) await passed.limiter.consume(passed.key, -1);
          return tooManyRequests(c, decision);
        }
      }
    }

    // Auth.js treats an unknown provider id as a server misconfiguration; spec §5 wants the
    // sign-in page, as for a missing provider.
    const [action, providerId] = incoming.pathname.slice(apiPaths.auth.length + 1).split('/');
    if ((action === 'signin' || action === 'callback') && providerId && !providerIds.has(providerId)) {
      return headers.has('X-Auth-Return-Redirect') ? c.json({ url: signInUrl }) : c.redirect(signInUrl);
    }

    const response = await withBearerToken(
      await Auth(new Request(url, { method: c.req.method, headers, body }), config),
    );
    // Only failures count: a successful sign-in takes back its attempt from the address and forgives
    // that account's failures from it.
    const [byAddress, byAccount] = attempt;
    if (byAddress && byAccount && sessionCookieChange(response, sessionCookie)?.kind === 'set') {
      await perAddress.consume(byAddress.key, -1);
      await perAccountAndAddress.reset(byAccount.key);
    }
    return response;
  }

  app.get(`${apiPaths.auth}/*`, (c) => toAuthJs(c));
  app.post(
    `${apiPaths.auth}/*`,
    formBody(SignInFormSchema, { maxBytes: FORM_BYTES, what: 'A sign-in form' }),
    (c) => toAuthJs(c, c.req.valid('form')),
  );

  return app;
}
