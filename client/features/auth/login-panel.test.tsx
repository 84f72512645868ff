// @vitest-environment happy-dom
// The sign-in form as users see it: field messages before anything is sent, the server's refusals
// in words, and a successful sign-in that leads to the callback page. The server is faked at
// fetch, the only way the panel reaches it; the rest (auth actions, store, schemas) is real.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#client/paths';
import { apiPaths } from '#shared/api-paths';
import { type FakeHandler, fakeServer, json } from '#tests/support/fake-server';
import { renderApp } from '#tests/support/render-app';
import { LoginPanel } from './login-panel';

const credentials = {
  id: 'credentials',
  name: 'Credentials',
  type: 'credentials',
  signinUrl: `${apiPaths.auth}/signin/credentials`,
  callbackUrl: `${apiPaths.auth}/callback/credentials`,
};
const user = { id: 'u1', email: 'ada@example.com', name: 'Ada', role: 'user' };

function server(answerSignIn: FakeHandler) {
  let signedIn = false;
  return fakeServer({
    [`GET ${apiPaths.auth}/providers`]: () => json({ credentials }),
    [`GET ${apiPaths.authSettings}`]: () =>
      json({
        refreshOnWindowFocus: false,
        refreshIntervalSeconds: 0,
        refreshTokenMaxAgeSeconds: 3600,
        selfRegistration: false,
      }),
    [`GET ${apiPaths.auth}/csrf`]: () => json({ csrfToken: 'token-1' }),
    [`POST ${apiPaths.auth}/callback/credentials`]: async (request) => {
      const answer = await answerSignIn(request);
      signedIn = answer.ok && !(await answer.clone().text()).includes('error=');
      return answer;
    },
    [`GET ${apiPaths.auth}/session`]: () =>
      json(signedIn ? { user, expires: '2030-01-01T00:00:00.000Z' } : null),
  });
}

let fake: ReturnType<typeof server>;

function open(answerSignIn: FakeHandler, url = paths.login()) {
  fake = server(answerSignIn);
  vi.stubGlobal('fetch', fake.fetch);
  return renderApp({
    url,
    routes: [
      { path: paths.login(), element: <LoginPanel /> },
      { path: '*', element: <h1>Landed</h1> },
    ],
  });
}

/** Pastes into the fields (typing key by key would only be slower) and submits. */
async function fillIn(app: Awaited<ReturnType<typeof open>>, email: string, password: string) {
  const emailField = await screen.findByRole('textbox', { name: /^Email/ });
  // A password field has no role: found by its label.
  for (const [field, text] of [
    [emailField, email],
    [screen.getByLabelText(/^Password/), password],
  ] as const) {
    if (!text) continue;
    await app.user.click(field);
    await app.user.paste(text);
  }
  await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const signInPosts = () => fake.to('POST', `${apiPaths.auth}/callback/credentials`);

describe('the sign-in form', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('names the missing fields and sends nothing', async () => {
    const app = await open(() => json({ url: '/' }));
    await fillIn(app, '', '');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(signInPosts()).toHaveLength(0);
  });

  it('refuses an address without a domain', async () => {
    const app = await open(() => json({ url: '/' }));
    await fillIn(app, 'ada@example', 'secret');
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(signInPosts()).toHaveLength(0);
  });

  it('says so when the password is wrong, and empties the password field', async () => {
    const app = await open(() => json({ url: `${apiPaths.auth}/signin?error=CredentialsSignin` }));
    await fillIn(app, 'ada@example.com', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The email address or password is not right.');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('heading', { name: 'Landed' })).toBeNull();
  });

  it('tells a rate-limited user how many seconds to wait', async () => {
    const app = await open(() => new Response(null, { status: 429, headers: { 'Retry-After': '42' } }));
    await fillIn(app, 'ada@example.com', 'secret');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many sign-in attempts. Try again in 42 seconds.');
  });

  it('shows an error in the URL, e.g. from the route guard', async () => {
    await open(() => json({ url: '/' }), paths.login('/search', 'SessionRequired'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please sign in to see that page.')).toBeTruthy();
  });

  it('signs in with the typed credentials and goes to the callback page', async () => {
    const app = await open(
      () => json({ url: 'http://localhost:3000/modules/storage/expiry' }),
      paths.login(paths.storageExpiry()),
    );
    await fillIn(app, '  ada@example.com ', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Landed' })).toBeTruthy();
    expect(app.location()).toBe(paths.storageExpiry());
    const [post] = signInPosts();
    const form = new URLSearchParams(post!.body);
    expect(Object.fromEntries(form)).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      csrfToken: 'token-1',
      callbackUrl: paths.storageExpiry(),
      json: 'true',
    });
    // The session was read again after signing in, so the app knows who is signed in.
    await waitFor(() => expect(fake.to('GET', `${apiPaths.auth}/session`).length).toBeGreaterThan(0));
  });
});
