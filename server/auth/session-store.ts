// Server-side sessions behind the JWTs: sign-in opens a row, sign-out and password resets revoke
// rows, and every process keeps a short-lived in-memory answer per session so a request costs no
// query. Revocations reach every process sharing the database at once through NOTIFY; the cache's
// TTL only bounds how long a missed notification (a dropped listener) could keep a session alive.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { listenOnFirstUse } from '../db/listen-on-first-use';
import { sessions, users } from '../db/schema/users';
import type { SessionUser } from './session-user';

export const SESSION_REVOKED_CHANNEL = 'sift_session_revoked';
/** How long a positive answer is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** A session's expiry moves forward at most this often, so use does not mean a write per request. */
const RENEW_AFTER_MS = 24 * 60 * 60_000;

interface CachedSession {
  user: SessionUser;
  checkedAt: number;
}

/** Sessions neither revoked nor expired, counted up to `upTo` so the query's cost stays bounded. */
export async function countLiveSessions(db: Db, upTo: number): Promise<number> {
  const live = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(upTo)
    .as('live');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(live);
  return row?.count ?? 0;
}

/** Revokes every session of `userId` (sign out everywhere, a new password) and tells every process. */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await db.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${`user:${userId}`})`);
}

export function createSessionStore(database: Database, maxAgeSeconds: number, now = () => Date.now()) {
  const cache = new Map<string, CachedSession>();

  function forget(payload: string) {
    const [kind, id] = payload.split(':', 2) as [string, string];
    if (kind === 'session') cache.delete(id);
    else for (const [sid, entry] of cache) if (entry.user.id === id) cache.delete(sid);
  }
  // Answers are cached only once the process listens, so no revocation can slip between the two.
  const listening = listenOnFirstUse(database, SESSION_REVOKED_CHANNEL, forget);

  return {
    /** Opens a session for a user who just signed in; returns its id for the JWT. */
    async open(userId: string): Promise<string> {
      const id = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now() + maxAgeSeconds * 1000);
      await database.db.delete(sessions).where(lt(sessions.expiresAt, new Date(now())));
      await database.db.insert(sessions).values({ id, userId, expiresAt });
      return id;
    },

    /** The user of a live session (not revoked, not expired, account still there and not disabled), or null. */
    async user(sid: string): Promise<SessionUser | null> {
      await listening();
      const cached = cache.get(sid);
      if (cached && now() - cached.checkedAt < SESSION_CACHE_TTL_MS) return cached.user;
      cache.delete(sid);
      const [row] = await database.db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, sid),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date(now())),
            isNull(users.disabledAt),
          ),
        )
        .limit(1);
      if (!row) return null;
      if (row.expiresAt.getTime() - now() < maxAgeSeconds * 1000 - RENEW_AFTER_MS) {
        const expiresAt = new Date(now() + maxAgeSeconds * 1000);
        await database.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sid));
      }
      const { id, email, name, role } = row.user;
      const user: SessionUser = { id, email, name, role };
      cache.set(sid, { user, checkedAt: now() });
      return user;
    },

    /** Ends one session (sign-out) on every process. */
    async revoke(sid: string): Promise<void> {
      cache.delete(sid);
      await database.db
        .update(sessions)
        .set({ revokedAt: new Date(now()) })
        .where(eq(sessions.id, sid));
      await database.notify(SESSION_REVOKED_CHANNEL, `session:${sid}`);
    },

    /** Makes every process read the user's sessions again (a new role), without ending them. */
    async refreshUser(userId: string): Promise<void> {
      forget(`user:${userId}`);
      await database.notify(SESSION_REVOKED_CHANNEL, `user:${userId}`);
    },

    /** Ends every session of a user on every process. */
    async revokeAll(userId: string): Promise<void> {
      forget(`user:${userId}`);
      await revokeUserSessions(database.db, userId);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
