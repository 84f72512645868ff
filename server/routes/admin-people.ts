// People through the admin API: list accounts, create one (and email them a sign-in link), set its
// role, disable it, give it a new password, send the link again, end its sessions (the revocable
// sessions of ADR 012, on every process). Admins cannot demote or disable themselves, so a console
// never locks its last admin out by a slip.
import { Hono } from 'hono';
import { z } from 'zod/mini';
import {
  type AdminUser,
  type CreatedUser,
  CreateUserSchema,
  type Invitation,
  InviteSchema,
  MAX_ADMIN_JSON_BYTES,
  ResetPasswordSchema,
  UpdateUserSchema,
} from '#shared/admin/admin-api';
import { findLocale, type LocaleEntry } from '#shared/locales';
import type { AdminVariables } from '../admin/admin-access';
import { recordAudit } from '../admin/audit-log';
import type { Invite } from '../auth/invitations';
import { PasswordSchema } from '../auth/password';
import type { SessionStore } from '../auth/session-store';
import {
  createUser,
  EmailSchema,
  findUserByEmail,
  findUserById,
  listUsers,
  setPassword,
  type UserRow,
  updateUser,
} from '../auth/user-store';
import type { Database } from '../db/client';
import { apiError } from '../http-error';
import { jsonBody } from '../json-body';
import type { Logger } from '../logger';
import { requestLocale } from '../request-locale';

const adminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  hasPassword: row.passwordHash !== null,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});

const body = { maxBytes: MAX_ADMIN_JSON_BYTES, what: 'An account request' };
const CreateBody = z.extend(CreateUserSchema, { email: EmailSchema, password: z.optional(PasswordSchema) });
const PasswordBody = z.extend(ResetPasswordSchema, { password: PasswordSchema });

export function adminPeopleRoutes({
  database,
  sessionStore,
  auth,
  logger,
}: {
  database: Database;
  sessionStore: SessionStore;
  auth: { invite: Invite | null };
  logger: Logger;
}) {
  const { db } = database;
  const app = new Hono<{ Variables: AdminVariables }>();
  const unknownUser = (c: Parameters<typeof apiError>[0]) =>
    apiError(c, 404, 'unknown_user', `No account has the id "${c.req.param('id')}".`);
  /** The invitation's language: the one asked for, else the admin's own. */
  const inviteLocale = (c: Parameters<typeof apiError>[0], language: string | undefined): LocaleEntry =>
    (language && findLocale(language)) || requestLocale(c.req.raw.headers);

  async function invite(email: string, locale: LocaleEntry): Promise<Invitation> {
    if (!auth.invite) return { status: 'off' };
    try {
      return { status: await auth.invite(email, locale) };
    } catch (error) {
      logger.warn({ err: error }, 'could not send an invitation');
      return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  app.get('/api/admin/users', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json((await listUsers(db)).map(adminUser));
  });

  app.post('/api/admin/users', jsonBody(CreateBody, body), async (c) => {
    const input = c.req.valid('json');
    if (await findUserByEmail(db, input.email)) {
      return apiError(c, 409, 'account_exists', `${input.email} already has an account.`);
    }
    const { language, ...account } = input;
    const row = await createUser(db, account);
    // The account stands whatever becomes of the email: the link can be sent again.
    const invitation = await invite(row.email, inviteLocale(c, language));
    await recordAudit(db, c.var.actor, {
      action: 'user.create',
      target: row.email,
      records: 1,
      details: { role: row.role, password: input.password !== undefined, invitation: invitation.status },
    });
    return c.json({ ...adminUser(row), invitation } satisfies CreatedUser, 201);
  });

  app.post('/api/admin/users/:id/invite', jsonBody(InviteSchema, body), async (c) => {
    const row = await findUserById(db, c.req.param('id'));
    if (!row) return unknownUser(c);
    if (row.disabledAt) {
      return apiError(c, 409, 'account_disabled', `${row.email} is disabled: enable the account first.`);
    }
    if (!auth.invite) {
      return apiError(
        c,
        409,
        'email_sign_in_off',
        'Email sign-in is off on this server (SMTP_URL is not set), so no link can be sent.',
      );
    }
    const invitation = await invite(row.email, inviteLocale(c, c.req.valid('json').language));
    await recordAudit(db, c.var.actor, {
      action: 'user.invite',
      target: row.email,
      records: 1,
      details: { invitation: invitation.status },
    });
    if (invitation.status === 'failed') {
      return apiError(
        c,
        502,
        'email_failed',
        `The sign-in link to ${row.email} was not sent: ${invitation.reason}.`,
      );
    }
    return c.json(invitation);
  });

  app.patch('/api/admin/users/:id', jsonBody(UpdateUserSchema, body), async (c) => {
    const id = c.req.param('id');
    const change = c.req.valid('json');
    const demotesSelf = change.disabled === true || (change.role !== undefined && change.role !== 'admin');
    if (id === c.var.actor.id && demotesSelf) {
      return apiError(
        c,
        409,
        'own_account',
        'Administrators cannot disable their own account or give up their role.',
      );
    }
    const row = await updateUser(db, id, change);
    if (!row) return unknownUser(c);
    // A disabled account's sessions end; a new role reaches every process's cached sessions at once.
    if (change.disabled) await sessionStore.revokeAll(id);
    else await sessionStore.refreshUser(id);
    await recordAudit(db, c.var.actor, {
      action: 'user.update',
      target: row.email,
      records: 1,
      details: { ...change },
    });
    return c.json(adminUser(row));
  });

  app.post('/api/admin/users/:id/password', jsonBody(PasswordBody, body), async (c) => {
    const row = await findUserById(db, c.req.param('id'));
    if (!row) return unknownUser(c);
    await setPassword(db, row.email, c.req.valid('json').password);
    await recordAudit(db, c.var.actor, { action: 'user.password', target: row.email, records: 1 });
    return c.body(null, 204);
  });

  app.post('/api/admin/users/:id/sign-out', async (c) => {
    const row = await findUserById(db, c.req.param('id'));
    if (!row) return unknownUser(c);
    await sessionStore.revokeAll(row.id);
    await recordAudit(db, c.var.actor, { action: 'user.sign-out', target: row.email, records: 1 });
    return c.body(null, 204);
  });

  return app;
}
