// The lookups table (spec §3: id and values), read by signed-in callers and kept by admins. Every
// process keeps the list in memory; a change is announced on LOOKUPS_CHANGED_CHANNEL.
import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { notifiedValue } from '../db/notified-value';
import { lookups } from '../db/schema/documents';

export const LOOKUPS_CHANGED_CHANNEL = 'sift_lookups_changed';
/** How long the list is trusted should an announcement be missed (a dropped listener). */
const LOOKUPS_TTL_MS = 30_000;

export interface LookupRecord {
  id: string;
  values: string[];
}

export type LookupStore = ReturnType<typeof createLookupStore>;

export function createLookupStore(database: Database) {
  const { db } = database;
  const list = notifiedValue(
    database,
    LOOKUPS_CHANGED_CHANNEL,
    (): Promise<LookupRecord[]> =>
      db.select({ id: lookups.id, values: lookups.values }).from(lookups).orderBy(asc(lookups.id)),
    { ttlMs: LOOKUPS_TTL_MS },
  );
  async function changed() {
    list.invalidate();
    await database.notify(LOOKUPS_CHANGED_CHANNEL, '');
  }

  return {
    list: () => list.get(),

    async upsert(rows: LookupRecord[]): Promise<void> {
      await db
        .insert(lookups)
        .values(rows)
        .onConflictDoUpdate({ target: lookups.id, set: { values: sql`excluded.values` } });
      await changed();
    },

    async remove(ids: string[]): Promise<number> {
      const removed = await db.delete(lookups).where(inArray(lookups.id, ids)).returning({ id: lookups.id });
      await changed();
      return removed.length;
    },
  };
}
