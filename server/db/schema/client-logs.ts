// The most recent client log entries, kept for the logging example page (older ones are pruned).
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const clientLogs = pgTable(
  'client_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the client wrote the entry, by its own clock. */
    loggedAt: timestamp('logged_at', { withTimezone: true }),
    logName: text('log_name').notNull(),
    severity: text('severity').notNull(),
    group: text('group'),
    userId: text('user_id'),
    /** Random id of the page load that wrote the entry; lets that page read its entries back. */
    instanceId: text('instance_id'),
    message: jsonb('message').notNull(),
  },
  (t) => [
    index('client_logs_received').on(t.receivedAt),
    index('client_logs_instance').on(t.instanceId, t.id),
    index('client_logs_user').on(t.userId, t.id),
  ],
);
