// People through the admin API: list accounts, create one, set its role, disable it, give it a new
// password, end its sessions (the revocable sessions of ADR 012, on every process). Admins cannot
// demote or disable themselves, so a console never locks its last admin out by a slip.
import { Hono } from 'hono';
import {
  type AdminUser,
  CreateUserSchema,
  MAX_ADMIN_JSON_BYTES,
  ResetPasswordSchema,
  UpdateUserSchema,
} from '#shared/admin/admin-api';
import type { AdminVariables } from '../admin/admin-access';
import { recordAudit } from '../admin/audit-log';
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
const CreateBody = CreateUserSchema.extend({ email: EmailSchema, password: PasswordSchema.optional() });
const PasswordBody = ResetPasswordSchema.extend({ password: PasswordSchema });

export function adminPeopleRoutes({
  database,
  sessionStore,
}: {
  database: Database;
  sessionStore: SessionStore;
}) {
  const { db } = database;
  const app = new Hono<{ Variables: AdminVariables }>();
  const unknownUser = (c: Parameters<typeof apiError>[0]) =>
    apiError(c, 404, 'unknown_user', `No account has the id "${c.req.param('id')}".`);

  app.get('/api/admin/users', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json((await listUsers(db)).map(adminUser));
  });

  app.post('/api/admin/users', jsonBody(CreateBody, body), async (c) => {
    const input = c.req.valid('json');
    if (await findUserByEmail(db, input.email)) {
      return apiError(c, 409, 'account_exists', `${input.email} already has an account.`);
    }
    const row = await createUser(db, input);
    await recordAudit(db, c.var.actor, {
      action: 'user.create',
      target: row.email,
      records: 1,
      details: { role: row.role, password: input.password !== undefined },
    });
    return c.json(adminUser(row), 201);
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
