// Signs a bench's user in over HTTP as the browser does: the session cookies and the bearer token.
import { bearerTokenCookie } from '../shared/auth';
import { CookieJar } from '../tests/support/cookie-jar';

export async function signIn(origin: string, user: { email: string; password: string }) {
  const jar = new CookieJar();
  const csrf = jar.store(await fetch(`${origin}/api/auth/csrf`));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = jar.store(
    await fetch(`${origin}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header() },
      body: new URLSearchParams({ ...user, csrfToken, callbackUrl: '/', json: 'true' }),
      redirect: 'manual',
    }),
  );
  const bearer = jar.get(bearerTokenCookie.name);
  if (!bearer) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return { cookie: jar.header(), bearer };
}
