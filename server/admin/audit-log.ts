// Writes and pages the audit log: one row per admin action, whoever made it (console, API or CLI).
import { desc, lt } from 'drizzle-orm';
import type { AuditEntry, AuditPage } from '#shared/admin/admin-api';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/audit-log';

/** Who acts: an admin's account, or the local operator (id null) through the admin token. */
export interface Actor {
  id: string | null;
  name: string;
}

export interface AuditRecord {
  action: string;
  target?: string | null;
  records?: number | null;
  details?: Record<string, unknown> | null;
}

export async function recordAudit(db: Db, actor: Actor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actor: actor.name,
    action: record.action,
    target: record.target ?? null,
    records: record.records ?? null,
    details: record.details ?? null,
  });
}

/** Newest first, `limit` entries older than the id `before` (all from the newest when absent). */
export async function auditPage(db: Db, limit: number, before?: number): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(before === undefined ? undefined : lt(auditLog.id, before))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries: AuditEntry[] = rows.slice(0, limit).map((row) => ({ ...row, at: row.at.toISOString() }));
  return { entries, next: rows.length > limit ? entries.at(-1)!.id : null };
}
