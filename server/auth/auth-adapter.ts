// The Auth.js adapter over our tables: only what JWT sessions with the email-link and OAuth
// providers call (users, linked OAuth identities, one-time email tokens).
import type { Adapter, AdapterUser } from '@auth/core/adapters';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, users, verificationTokens } from '../db/schema/users';
import { createUser, findUserByEmail, findUserById, type UserRow } from './user-store';

function toAdapterUser(row: UserRow): AdapterUser & { role: string } {
  return { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified, role: row.role };
}

export async function findLinkedAccount(db: Db, provider: string, providerAccountId: string) {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId)))
    .limit(1);
  return row ?? null;
}

export function authAdapter(db: Db): Adapter {
  return {
    async createUser(user) {
      return toAdapterUser(
        await createUser(db, { email: user.email, name: user.name, emailVerified: user.emailVerified }),
      );
    },
    async getUser(id) {
      const row = await findUserById(db, id);
      return row ? toAdapterUser(row) : null;
    },
    async getUserByEmail(email) {
      const row = await findUserByEmail(db, email);
      return row ? toAdapterUser(row) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const linked = await findLinkedAccount(db, provider, providerAccountId);
      const row = linked ? await findUserById(db, linked.userId) : null;
      return row ? toAdapterUser(row) : null;
    },
    async updateUser({ id, name, emailVerified }) {
      const [row] = await db
        .update(users)
        .set({
          ...(name !== undefined && { name }),
          ...(emailVerified !== undefined && { emailVerified }),
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`No user ${id}`);
      return toAdapterUser(row);
    },
    async linkAccount({ provider, providerAccountId, userId, type }) {
      await db.insert(accounts).values({ provider, providerAccountId, userId, type }).onConflictDoNothing();
    },
    async createVerificationToken(token) {
      // Expired tokens are useless; clearing them here keeps the table small without a timer.
      await db.delete(verificationTokens).where(lt(verificationTokens.expires, new Date()));
      await db.insert(verificationTokens).values(token);
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      const [row] = await db
        .delete(verificationTokens)
        .where(
          // Auth.js passes the address from the link; a link without it matches on the token alone.
          identifier
            ? and(eq(verificationTokens.identifier, identifier), eq(verificationTokens.token, token))
            : eq(verificationTokens.token, token),
        )
        .returning();
      return row ?? null;
    },
  };
}
