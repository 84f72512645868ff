// The lookups table (spec §3: id and values), read by signed-in callers and kept by admins.
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lookups } from '../db/schema/documents';

export interface LookupRecord {
  id: string;
  values: string[];
}

export function listLookups(db: Db): Promise<LookupRecord[]> {
  return db.select({ id: lookups.id, values: lookups.values }).from(lookups).orderBy(asc(lookups.id));
}

export async function upsertLookups(db: Db, rows: LookupRecord[]): Promise<void> {
  await db
    .insert(lookups)
    .values(rows)
    .onConflictDoUpdate({ target: lookups.id, set: { values: sql`excluded.values` } });
}

export async function removeLookups(db: Db, ids: string[]): Promise<number> {
  const removed = await db.delete(lookups).where(inArray(lookups.id, ids)).returning({ id: lookups.id });
  return removed.length;
}
