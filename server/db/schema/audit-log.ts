// The record of every admin action: who did what, when, to which target and how many records.
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The acting account; null for the local operator (the CLIs through the admin token). */
    actorId: text('actor_id'),
    /** Kept as text so the record outlives the account. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What was acted on: a source, `source/key`, an account's email. */
    target: text('target'),
    records: integer('records'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_at').on(t.at)],
);
