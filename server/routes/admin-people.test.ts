import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser, CreatedUser } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { bearerTokenCookie } from '#shared/auth';
import { createAdminTestApp } from '#tests/support/admin';
import { attemptSignIn, signInTestUser } from '#tests/support/auth';
import { CookieJar } from '#tests/support/cookie-jar';
import { databaseTargets, emptiedBeforeEach } from '#tests/support/databases';
import { SmtpCatcher } from '#tests/support/smtp-catcher';
import type { Database } from '../db/client';

describe.each(databaseTargets())('admin people on $name', (target) => {
  const fresh = emptiedBeforeEach(target);
  let database: Database;
  let t: Awaited<ReturnType<typeof createAdminTestApp>>;

  // Every test changes accounts: each starts from an empty database and its own people.
  beforeEach(async () => {
    database = fresh();
    t = await createAdminTestApp(database);
  });

  const sessionOf = async (cookie: { Cookie: string }) =>
    (await (await t.app.request('/api/auth/session', { headers: cookie })).json()) as {
      user: { role: string };
    } | null;
  const signInRefused = async (email: string, password: string) =>
    (await attemptSignIn(t.app, email, password)).jar.get(bearerTokenCookie.name) === undefined;
  const audit = async () =>
    (
      (await (await t.call('admin', 'GET', apiPaths.admin.audit)).json()) as {
        entries: { action: string; target: string; details: unknown }[];
      }
    ).entries;

  it('lists accounts and creates one, refusing a bad address, a short password and a taken address', async () => {
    const users = (await (await t.call('admin', 'GET', apiPaths.admin.users)).json()) as AdminUser[];
    expect(users.find((u) => u.id === t.user.id)).toMatchObject({
      role: 'user',
      disabled: false,
      hasPassword: true,
    });
    const created = await t.call('admin', 'POST', apiPaths.admin.users, {
      email: ' Cleo@Example.test ',
      name: 'Cleo',
      password: 'long enough',
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      email: 'cleo@example.test',
      role: 'user',
      hasPassword: true,
    });
    await signInTestUser(t.app, 'cleo@example.test', 'long enough');
    expect((await t.call('admin', 'POST', apiPaths.admin.users, { email: 'cleo@example.test' })).status).toBe(
      409,
    );
    const bad = await t.call('admin', 'POST', apiPaths.admin.users, { email: 'nope', password: 'short' });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path),
    ).toEqual(['email', 'password']);
    expect((await audit())[0]).toMatchObject({ action: 'user.create', target: 'cleo@example.test' });
  });

  it('sets a role that every cached session sees at once, disables (ending sessions and sign-in) and enables', async () => {
    const { email } = t.user;
    const session = t.sessions.user;
    expect((await sessionOf(session.headers))?.user.role).toBe('user');
    const promoted = await t.call('admin', 'PATCH', apiPaths.admin.user(t.user.id), { role: 'editor' });
    expect(((await promoted.json()) as AdminUser).role).toBe('editor');
    expect((await sessionOf(session.headers))?.user.role).toBe('editor');

    const disabled = await t.call('admin', 'PATCH', apiPaths.admin.user(t.user.id), { disabled: true });
    expect(((await disabled.json()) as AdminUser).disabled).toBe(true);
    expect(await sessionOf(session.headers)).toBeNull();
    expect(await signInRefused(email, t.userPassword)).toBe(true);
    expect((await audit())[0]).toMatchObject({
      action: 'user.update',
      target: email,
      details: { disabled: true },
    });
    await t.call('admin', 'PATCH', apiPaths.admin.user(t.user.id), { disabled: false });
    expect(await signInRefused(email, t.userPassword)).toBe(false);
  });

  it('resets a password and ends every session of an account', async () => {
    const created = await t.call('admin', 'POST', apiPaths.admin.users, {
      email: 'dora@example.test',
      password: 'long enough',
    });
    const dora = (await created.json()) as AdminUser;
    const signedIn = await signInTestUser(t.app, dora.email, 'long enough');
    expect(await sessionOf(signedIn.headers)).not.toBeNull();
    expect((await t.call('admin', 'POST', apiPaths.admin.userSessions(dora.id))).status).toBe(204);
    expect(await sessionOf(signedIn.headers)).toBeNull();

    expect(
      (await t.call('admin', 'POST', apiPaths.admin.userPassword(dora.id), { password: 'x' })).status,
    ).toBe(400);
    expect(
      (await t.call('admin', 'POST', apiPaths.admin.userPassword(dora.id), { password: 'a new one!' }))
        .status,
    ).toBe(204);
    expect(await signInRefused(dora.email, 'long enough')).toBe(true);
    expect(await signInRefused(dora.email, 'a new one!')).toBe(false);
    expect((await audit()).slice(0, 2).map((e) => e.action)).toEqual(['user.password', 'user.sign-out']);
  });

  it('keeps admins from locking themselves out, and refuses non-admins and unknown accounts', async () => {
    // Disabling ended the user's sessions earlier.
    t.sessions.user = await signInTestUser(t.app, t.user.email, t.userPassword);
    const own = await t.call('admin', 'PATCH', apiPaths.admin.user(t.admin.id), { role: 'user' });
    expect(own.status).toBe(409);
    expect((await t.call('admin', 'PATCH', apiPaths.admin.user(t.admin.id), {})).status).toBe(400);
    expect((await t.call('admin', 'POST', apiPaths.admin.userSessions('nobody'))).status).toBe(404);
    for (const [method, path, body] of [
      ['GET', apiPaths.admin.users],
      ['POST', apiPaths.admin.users, { email: 'x@example.test' }],
      ['PATCH', apiPaths.admin.user(t.admin.id), { role: 'user' }],
      ['POST', apiPaths.admin.userPassword(t.admin.id), { password: 'takeover!!' }],
      ['POST', apiPaths.admin.userSessions(t.admin.id)],
    ] as const) {
      expect((await t.call('user', method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await t.call('anonymous', method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe.each(databaseTargets())('invitations on $name', (target) => {
  const fresh = emptiedBeforeEach(target);
  let database: Database;
  let smtp: SmtpCatcher;
  let t: Awaited<ReturnType<typeof createAdminTestApp>>;

  beforeAll(async () => {
    smtp = await SmtpCatcher.start();
  });
  afterAll(async () => smtp.stop());
  beforeEach(async () => {
    database = fresh();
    t = await createAdminTestApp(database, { SMTP_URL: smtp.url });
  });

  const latestAudit = async () =>
    (
      (await (await t.call('admin', 'GET', apiPaths.admin.audit)).json()) as {
        entries: { action: string; target: string; details: unknown }[];
      }
    ).entries[0];

  it('emails a new account its sign-in link in the language chosen, and the link signs them in', async () => {
    const created = await t.call('admin', 'POST', apiPaths.admin.users, {
      email: 'dora@example.test',
      language: 'fr',
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as CreatedUser).invitation).toEqual({ status: 'sent' });
    const mail = await smtp.mailTo('dora@example.test');
    expect(mail.text).toContain('Connectez-vous');
    const jar = new CookieJar();
    jar.store(await t.app.request(SmtpCatcher.linkIn(mail)));
    const session = await t.app.request('/api/auth/session', { headers: { Cookie: jar.header() } });
    expect(await session.json()).toMatchObject({ user: { email: 'dora@example.test' } });
    expect(await latestAudit()).toMatchObject({
      action: 'user.create',
      target: 'dora@example.test',
      details: { invitation: 'sent', password: false },
    });
  });

  it('sends the link again on request, never to a disabled or unknown account, and only for admins', async () => {
    const created = await t.call('admin', 'POST', apiPaths.admin.users, { email: 'eve@example.test' });
    const eve = (await created.json()) as CreatedUser;
    await smtp.mailTo('eve@example.test'); // the first invitation, before counting
    const before = smtp.mails.length;
    const again = await t.call('admin', 'POST', apiPaths.admin.userInvite(eve.id), { language: 'ar' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'sent' });
    expect(smtp.mails).toHaveLength(before + 1);
    expect(smtp.mails.at(-1)?.text).toContain('dir="rtl"');
    expect(await latestAudit()).toMatchObject({ action: 'user.invite', target: 'eve@example.test' });

    const badLanguage = await t.call('admin', 'POST', apiPaths.admin.userInvite(eve.id), { language: 'xx' });
    expect(badLanguage.status).toBe(400);
    expect((await t.call('admin', 'POST', apiPaths.admin.userInvite('nobody'), {})).status).toBe(404);
    await t.call('admin', 'PATCH', apiPaths.admin.user(eve.id), { disabled: true });
    const disabled = await t.call('admin', 'POST', apiPaths.admin.userInvite(eve.id), {});
    expect(disabled.status).toBe(409);
    expect(await disabled.text()).toContain('account_disabled');
    expect((await t.call('user', 'POST', apiPaths.admin.userInvite(eve.id), {})).status).toBe(403);
    expect((await t.call('anonymous', 'POST', apiPaths.admin.userInvite(eve.id), {})).status).toBe(401);
    expect(smtp.mails).toHaveLength(before + 1);
  });

  it('keeps the account when the mail server is gone, and says why no link went out', async () => {
    const gone = await SmtpCatcher.start();
    const url = gone.url;
    await gone.stop();
    const unreachable = await createAdminTestApp(database, { SMTP_URL: url });
    const created = await unreachable.call('admin', 'POST', apiPaths.admin.users, {
      email: 'eve@example.test',
    });
    expect(created.status).toBe(201);
    const { id, invitation } = (await created.json()) as CreatedUser;
    expect(invitation).toMatchObject({ status: 'failed', reason: expect.stringMatching(/ECONNREFUSED/) });
    const again = await unreachable.call('admin', 'POST', apiPaths.admin.userInvite(id), {});
    expect(again.status).toBe(502);
    expect(await again.text()).toContain('email_failed');
  });

  it('says when email sign-in is off, and that a development server writes the link to its log', async () => {
    const off = await createAdminTestApp(database, { NODE_ENV: 'production' });
    const created = await off.call('admin', 'POST', apiPaths.admin.users, { email: 'fay@example.test' });
    const { id, invitation } = (await created.json()) as CreatedUser;
    expect(invitation).toEqual({ status: 'off' });
    const again = await off.call('admin', 'POST', apiPaths.admin.userInvite(id), {});
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('email_sign_in_off');

    const development = await createAdminTestApp(database);
    const logged = await development.call('admin', 'POST', apiPaths.admin.users, {
      email: 'gus@example.test',
    });
    expect(((await logged.json()) as CreatedUser).invitation).toEqual({ status: 'logged' });
  });
});
