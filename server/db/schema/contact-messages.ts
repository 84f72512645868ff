// Messages sent through the /contact form, for the operators to read.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The signed-in sender, if any; the message stays when the account goes. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The interface language the sender used, so a reply can be in it. */
    locale: text('locale'),
  },
  (t) => [index('contact_messages_received').on(t.receivedAt)],
);
