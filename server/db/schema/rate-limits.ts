// Fixed-window counters shared by every server process (sign-in attempts, client logs).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  /** When the last unit was counted: rules with a backoff make the next one wait from here. */
  lastAt: timestamp('last_at', { withTimezone: true }),
});
