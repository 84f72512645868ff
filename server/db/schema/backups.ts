// Per-user key-value backup: one row per stored item key, merged by its `updated` time.
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const backupItems = pgTable(
  'backup_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull(),
    updated: timestamp('updated', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
