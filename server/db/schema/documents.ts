// Search documents and the index artifacts built from them, one set per data source.
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Numbers every write to documents, in order (a trigger takes the next one on each insert and
 * update, and for each removal): an index segment built up to number N holds every change up to N.
 */
export const documentSeq = pgSequence('document_seq');

export const documents = pgTable(
  'documents',
  {
    source: text('source').notNull(),
    key: text('key').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    rank: doublePrecision('rank').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** document_seq at this version's write (set by a trigger). */
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('document_seq')`),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.key] }),
    index('documents_source_updated').on(t.source, t.updatedAt),
    index('documents_source_seq').on(t.source, t.seq),
  ],
);

/** The documents removed from each source, with the document_seq of the removal (written by a trigger). */
export const documentRemovals = pgTable(
  'document_removals',
  {
    source: text('source').notNull(),
    key: text('key').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.key] }),
    index('document_removals_source_seq').on(t.source, t.seq),
  ],
);

export const indexArtifacts = pgTable('index_artifacts', {
  source: text('source').primaryKey(),
  algorithm: text('algorithm').notNull(),
  crc32c: bigint('crc32c', { mode: 'number' }).notNull(),
  /** Compressed bytes, as downloaded; the bytes are in index_segment_parts. */
  size: integer('size').notNull(),
  rawSize: integer('raw_size').notNull(),
  documentCount: integer('document_count').notNull(),
  /** Fingerprint of the documents the artifact was built from; a mismatch means rebuild. */
  sourceVersion: text('source_version').notNull(),
  /** The source's document revision (sourceRevisions) the artifact was built from or checked against. */
  documentsRevision: bigint('documents_revision', { mode: 'number' }),
  /** document_seq when the build began: every change numbered up to it is in the artifact. */
  documentsMark: bigint('documents_mark', { mode: 'number' }),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().default(sql`now()`),
  /**
   * A large source's head, built with the artifact (null when it has none): its best-ranked
   * documents as a segment of their own, for the first results of a client still downloading the
   * artifact. Its bytes are in index_segment_parts too.
   */
  headCrc32c: bigint('head_crc32c', { mode: 'number' }),
  headSize: integer('head_size'),
  headDocumentCount: integer('head_document_count'),
});

/**
 * A source's delta segment (ADR 020): the documents added or changed since its artifact (the base,
 * `baseCrc32c`) was built, naming the base documents it hides. At most one per source, replaced by
 * every change and dropped when a new base is built.
 */
export const indexDeltas = pgTable('index_deltas', {
  source: text('source').primaryKey(),
  baseCrc32c: bigint('base_crc32c', { mode: 'number' }).notNull(),
  crc32c: bigint('crc32c', { mode: 'number' }).notNull(),
  /** Compressed bytes, as downloaded; the bytes are in index_segment_parts. */
  size: integer('size').notNull(),
  rawSize: integer('raw_size').notNull(),
  documentCount: integer('document_count').notNull(),
  /** Keys of base documents it hides (changed or removed since; some may have been added since). */
  hiddenCount: integer('hidden_count').notNull(),
  /** The source's documents when it was built: what base and delta hold together. */
  searchableCount: integer('searchable_count').notNull(),
  /** document_seq when the build began: every change numbered up to it is in base and delta. */
  documentsMark: bigint('documents_mark', { mode: 'number' }).notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * The bytes of every stored segment (an artifact, its head or a delta), in parts of at most a MiB
 * written one statement each: the embedded database runs a statement on the server's thread, and
 * one 20 MB write held it for seconds.
 */
export const indexSegmentParts = pgTable(
  'index_segment_parts',
  {
    source: text('source').notNull(),
    crc32c: bigint('crc32c', { mode: 'number' }).notNull(),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.crc32c, t.part] })],
);

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

/**
 * A counter per source, raised in the same transaction as every write to its documents, so that a
 * server notices documents newer than the artifact even when the writer died before announcing them.
 */
export const sourceRevisions = pgTable('source_revisions', {
  source: text('source').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each index build's outcome, for the admin console's build history (the newest few per source are kept). */
export const indexBuilds = pgTable(
  'index_builds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    source: text('source').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** 'built' (a new artifact), 'delta' (a delta segment on top of it) or 'failed'. */
    outcome: text('outcome').notNull(),
    documentCount: integer('document_count'),
    bytes: integer('bytes'),
    crc32c: bigint('crc32c', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [index('index_builds_source_started').on(t.source, t.startedAt)],
);

/**
 * The versions the last import of each source replaced, for its undo: a row per document the import
 * added (document null), changed or removed.
 */
export const importPrevious = pgTable(
  'import_previous',
  {
    source: text('source').notNull(),
    key: text('key').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>(),
    rank: doublePrecision('rank'),
  },
  (t) => [primaryKey({ columns: [t.source, t.key] })],
);
