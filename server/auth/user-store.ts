// Reads and writes accounts in the users table; shared by Auth.js, the session reader and the
// operator CLI (scripts/users.ts).
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Db } from '../db/client';
import { users } from '../db/schema/users';
import { hashPassword } from './password';
import { revokeUserSessions } from './session-store';

export type UserRow = typeof users.$inferSelect;

/** One spelling per address, so `Ann@Example.com ` and `ann@example.com` are one account. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export const EmailSchema = z.pipe(
  z.pipe(z.string(), z.transform(normalizeEmail)),
  z.email('is not a valid email address').check(z.maxLength(320)),
);

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export interface NewUser {
  email: string;
  name?: string | null;
  role?: string;
  password?: string;
  emailVerified?: Date | null;
}

export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      name: input.name ?? null,
      role: input.role ?? 'user',
      passwordHash: input.password ? await hashPassword(input.password) : null,
      emailVerified: input.emailVerified ?? null,
    })
    .returning();
  return row!;
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.email));
}

/** Sets a new password and ends every session of the account, on every device. */
export async function setPassword(db: Db, email: string, password: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.email, normalizeEmail(email)))
    .returning({ id: users.id });
  for (const { id } of rows) await revokeUserSessions(db, id);
  return rows.length > 0;
}

/** Sets an account's role and whether it is disabled; answers the account, or null when there is none. */
export async function updateUser(
  db: Db,
  id: string,
  change: { role?: string; disabled?: boolean },
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({
      ...(change.role !== undefined && { role: change.role }),
      ...(change.disabled !== undefined && { disabledAt: change.disabled ? new Date() : null }),
    })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}
