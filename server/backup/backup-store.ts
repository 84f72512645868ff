// Each user's backup snapshot, one backup_items row per key. A merge runs in one transaction under
// a per-user advisory lock, so concurrent POSTs of one user apply one after the other and none can
// overwrite a key with an older version: the shared rule (shared/kv/kv-merge.ts) decides per key.
import { and, eq, sql } from 'drizzle-orm';
import { KvMetaSchema, type KvRecord } from '#shared/kv/kv-item';
import { mergeRecords } from '#shared/kv/kv-merge';
import { type SizeIssue, sizeIssues } from '#shared/kv/kv-snapshot';
import type { JsonValue } from '#shared/kv/kv-value';
import type { Db } from '../db/client';
import { backupItems } from '../db/schema/backups';

/** Advisory-lock key space of backup merges (the second key is a hash of the user id). */
const BACKUP_LOCK_SPACE = 724_002;
/**
 * Tombstones and expired entries are forgotten this long after they stop mattering, so removals do
 * not fill a snapshot forever. A device offline for longer may bring such an item back.
 */
export const FORGET_AFTER_DAYS = 90;

/** The time (ms) after which a merge forgets this entry: a tombstone or an expiry FORGET_AFTER_DAYS old. */
export function forgottenAfter(meta: KvRecord['meta']): number {
  const keptFor = FORGET_AFTER_DAYS * 86_400_000;
  return Math.min(
    meta.removed ? Date.parse(meta.updated) + keptFor : Number.POSITIVE_INFINITY,
    meta.expiry !== null ? Date.parse(meta.expiry) + keptFor : Number.POSITIVE_INFINITY,
  );
}

/** The merged snapshot would break the size limits; nothing was stored. */
export class SnapshotTooLargeError extends Error {
  constructor(readonly issues: SizeIssue[]) {
    super('The merged snapshot would be too large.');
    this.name = 'SnapshotTooLargeError';
  }
}

export async function readSnapshot(db: Db, userId: string): Promise<Map<string, KvRecord>> {
  // The value as JSON text: Drizzle's jsonb mapping would parse a string value that looks like JSON.
  const rows = await db
    .select({
      key: backupItems.key,
      value: sql<string | null>`${backupItems.value}::text`,
      meta: backupItems.meta,
    })
    .from(backupItems)
    .where(eq(backupItems.userId, userId));
  // Rows were validated on the way in; the meta schema still gives them their type.
  return new Map(
    rows.map((row) => [
      row.key,
      {
        key: row.key,
        value: JSON.parse(row.value ?? 'null') as JsonValue,
        meta: KvMetaSchema.parse(row.meta),
      },
    ]),
  );
}

export interface MergeOutcome {
  merged: Map<string, KvRecord>;
  /** Keys whose stored version the incoming snapshot replaced. */
  changed: number;
}

export async function mergeSnapshot(
  db: Db,
  userId: string,
  incoming: Iterable<KvRecord>,
  now: Date,
): Promise<MergeOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKUP_LOCK_SPACE}, hashtext(${userId}))`);
    const forgetBefore = new Date(now.getTime() - FORGET_AFTER_DAYS * 86_400_000).toISOString();
    await tx.delete(backupItems).where(
      and(
        eq(backupItems.userId, userId),
        sql`(((${backupItems.meta}->>'removed')::boolean and ${backupItems.updated} < ${forgetBefore}::timestamptz)
            or (${backupItems.meta}->>'expiry')::timestamptz < ${forgetBefore}::timestamptz)`,
      ),
    );
    const { merged, changed } = mergeRecords(await readSnapshot(tx, userId), incoming);
    const issues = sizeIssues(merged.values());
    if (issues.length > 0) throw new SnapshotTooLargeError(issues);
    if (changed.length > 0) {
      // One JSON parameter for all rows: far fewer round trips than a row each.
      const rows = JSON.stringify(changed.map(({ key, value, meta }) => ({ key, value, meta })));
      // r->'value' keeps each value exactly as JSON (a string that looks like JSON stays a string).
      await tx.execute(sql`
        insert into ${backupItems} (user_id, key, value, meta, updated)
        select ${userId}, r->>'key', r->'value', r->'meta', (r->'meta'->>'updated')::timestamptz
        from jsonb_array_elements(${rows}::jsonb) as r
        on conflict (user_id, key) do update
          set value = excluded.value, meta = excluded.meta, updated = excluded.updated`);
    }
    return { merged, changed: changed.length };
  });
}
