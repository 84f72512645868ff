// Sign-in as users meet it, against a server of its own (accounts made with the operator CLI, an
// SMTP catcher for the email link): the route guard, the credentials form, the email link, the
// account menu and signing out.
import type { Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server-process';
import { SmtpCatcher } from '../support/smtp-catcher';
import { collectPageErrors } from './console';
import { expect as baseExpect, test } from './test';

const ann = { email: 'ann@example.test', password: 'correct horse battery', name: 'Ann Lee' };
const bob = { email: 'bob@example.test', password: 'another fine password' };

// Sign-in runs scrypt on purpose; on a busy machine a step can take seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

let smtp: SmtpCatcher;
let server: TestServer;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await SmtpCatcher.start();
  server = await startServer({ users: [ann, bob], env: { SMTP_URL: smtp.url } });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

async function signInWithPassword(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

function loginUrlFor(path: string): RegExp {
  const query = new URLSearchParams({ callbackUrl: path, error: 'SessionRequired' });
  return new RegExp(`/modules/auth/login\\?${query.toString().replace(/[?.]/g, '\\$&')}$`);
}

test('sign in with a password, reach protected pages and the item viewer, then sign out', async ({
  page,
  context,
}) => {
  const errors = collectPageErrors(page);
  await page.goto(server.url('/modules/auth/protected'));
  await expect(page).toHaveURL(loginUrlFor('/modules/auth/protected'));
  await expect(page.getByRole('alert')).toHaveText('Please sign in to see that page.');

  await signInWithPassword(page, ann);
  await expect(page).toHaveURL(server.url('/modules/auth/protected'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protected page');
  await expect(page.getByText('Welcome, Ann Lee')).toBeVisible();

  // The GraphQL bearer token: readable by the page, 7 days, SameSite=Lax (Secure needs https).
  const token = (await context.cookies()).find((c) => c.name === 'auth.token');
  expect(token).toMatchObject({ httpOnly: false, sameSite: 'Lax', secure: false, path: '/' });
  expect(token!.expires - Date.now() / 1000).toBeGreaterThan(604_800 - 120);
  expect(await page.evaluate(() => document.cookie)).toContain('auth.token=');

  await page.goto(server.url('/item/countries/FRA'));
  await expect(page).toHaveURL(server.url('/item/countries/FRA'));
  await expect(page.locator('main h1').first()).toBeVisible();

  await page.goto(server.url('/modules/auth/loginStatus'));
  await expect(page.getByText('Signed in', { exact: true })).toBeVisible();
  await expect(page.locator('dd pre')).toContainText('"email": "ann@example.test"');

  await page.goto(server.url('/modules/auth/protected'));
  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Ann Lee')).toBeVisible();
  await expect(menu.getByText('ann@example.test')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  // Signing out stays on the page, which the guard turns into the sign-in page when it is protected.
  await expect(page).toHaveURL(loginUrlFor('/modules/auth/protected'));
  expect((await context.cookies()).map((c) => c.name)).not.toContain('auth.token');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('authjs.session-token');
  expect(errors).toEqual([]);
});

test('the form checks its fields and names sign-in errors, in every language', async ({ page, context }) => {
  await page.goto(server.url('/modules/auth/login'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();

  await signInWithPassword(page, { email: bob.email, password: 'not the password' });
  await expect(page.getByRole('alert')).toHaveText('The email address or password is not right.');
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  await signInWithPassword(page, { email: 'nobody@example.test', password: 'not the password' });
  await expect(page.getByRole('alert')).toHaveText('The email address or password is not right.');

  await context.addCookies([{ name: 'i18n_redirected', value: 'ar', url: server.url() }]);
  await page.goto(server.url('/modules/auth/login'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('البريد الإلكتروني').fill(bob.email);
  await page.getByLabel(/^كلمة المرور/).fill('not the password');
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('البريد الإلكتروني أو كلمة المرور غير صحيحين.');
});

test('guest-only pages send signed-in users on, and a session ended elsewhere is noticed', async ({
  page,
  context,
}) => {
  await page.goto(server.url('/modules/auth/guest'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Guest page');
  await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
  await signInWithPassword(page, bob);
  // Back to the guest page, which sends signed-in users to the protected page.
  await expect(page).toHaveURL(server.url('/modules/auth/protected'));

  await page.goto(server.url('/modules/auth/login'));
  await expect(page).toHaveURL(server.url('/'));
  await page.goto(server.url('/modules/auth/guest'));
  await expect(page).toHaveURL(server.url('/modules/auth/protected'));

  // Signed out in another tab: the next window focus re-reads the session and the guard reacts.
  // The page listens for focus once it has the server's refresh settings, which a fresh load may
  // still be fetching, so the focus is given again until the guard reacts.
  await context.clearCookies();
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page).toHaveURL(loginUrlFor('/modules/auth/protected'), { timeout: 2_000 });
  }).toPass();
});

test('the email link signs in and returns to the page that asked for it', async ({ page, browser }) => {
  const errors = collectPageErrors(page);
  await page.goto(server.url('/modules/auth/protected'));
  await page.getByLabel('Email').fill(ann.email);
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email');

  const link = SmtpCatcher.linkIn(await smtp.mailTo(ann.email));
  expect(link.startsWith(server.url('/api/auth/callback/email?'))).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(server.url('/modules/auth/protected'));
  await expect(page.getByText('Welcome, Ann Lee')).toBeVisible();

  // Used once, the link is spent (seen from a signed-out browser: signed-in ones skip the login page).
  const stranger = await browser.newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole('alert')).toHaveText(
    'That sign-in link has expired or was already used. Ask for a new one.',
  );
  await stranger.close();
  expect(errors).toEqual([]);
});
