import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { bearerTokenCookie } from '#shared/auth';
import { createAdminTestApp } from '#tests/support/admin';
import { attemptSignIn, signInTestUser } from '#tests/support/auth';
import { databaseTargets } from '#tests/support/databases';
import type { Database } from '../db/client';

describe.each(databaseTargets())('admin people on $name', (target) => {
  let database: Database;
  let t: Awaited<ReturnType<typeof createAdminTestApp>>;

  beforeAll(async () => {
    database = await target.open();
    t = await createAdminTestApp(database);
  });
  afterAll(async () => database.close());

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
    const cleo = ((await (await t.call('admin', 'GET', apiPaths.admin.users)).json()) as AdminUser[]).find(
      (u) => u.email === 'cleo@example.test',
    )!;
    const signedIn = await signInTestUser(t.app, cleo.email, 'long enough');
    expect(await sessionOf(signedIn.headers)).not.toBeNull();
    expect((await t.call('admin', 'POST', apiPaths.admin.userSessions(cleo.id))).status).toBe(204);
    expect(await sessionOf(signedIn.headers)).toBeNull();

    expect(
      (await t.call('admin', 'POST', apiPaths.admin.userPassword(cleo.id), { password: 'x' })).status,
    ).toBe(400);
    expect(
      (await t.call('admin', 'POST', apiPaths.admin.userPassword(cleo.id), { password: 'a new one!' }))
        .status,
    ).toBe(204);
    expect(await signInRefused(cleo.email, 'long enough')).toBe(true);
    expect(await signInRefused(cleo.email, 'a new one!')).toBe(false);
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
