// Search documents and the index artifacts built from them, one set per data source.
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const documents = pgTable(
  'documents',
  {
    source: text('source').notNull(),
    key: text('key').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    rank: doublePrecision('rank').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.key] }),
    index('documents_source_updated').on(t.source, t.updatedAt),
  ],
);

export const indexArtifacts = pgTable('index_artifacts', {
  source: text('source').primaryKey(),
  algorithm: text('algorithm').notNull(),
  crc32c: bigint('crc32c', { mode: 'number' }).notNull(),
  bytes: bytea('bytes').notNull(),
  rawSize: integer('raw_size').notNull(),
  documentCount: integer('document_count').notNull(),
  /** Fingerprint of the documents the artifact was built from; a mismatch means rebuild. */
  sourceVersion: text('source_version').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export const lookups = pgTable('lookups', {
  id: text('id').primaryKey(),
  values: jsonb('values').$type<string[]>().notNull(),
});

/**
 * Who is building a source's index right now. Several server processes share one database: the one
 * holding an unexpired lease builds, the others wait for its NOTIFY (server/search/index-service.ts).
 */
export const indexBuildLeases = pgTable('index_build_leases', {
  source: text('source').primaryKey(),
  owner: text('owner').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
