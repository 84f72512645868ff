// Index artifacts and build leases in the database, shared by every server process.
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { BuiltArtifact } from '#shared/search/index-artifact';
import type { Db } from '../db/client';
import {
  documentRemovals,
  indexArtifacts,
  indexBuildLeases,
  indexBuilds,
  indexDeltas,
  indexSegmentParts,
  sourceRevisions,
} from '../db/schema/documents';
import type { BuiltSource } from './artifact-build';
import { yieldToEventLoop } from './document-store';

export interface ArtifactSummary {
  source: string;
  algorithm: string;
  crc32c: number;
  /** Compressed bytes, as downloaded. */
  size: number;
  rawSize: number;
  documentCount: number;
  sourceVersion: string;
  /** The document revision it was built from or last found current against (null: before revisions). */
  documentsRevision: number | null;
  /** Every change numbered up to this is in the artifact (null: built before changes were numbered). */
  documentsMark: number | null;
  builtAt: Date;
  /** A large source's best-ranked documents as a segment of their own, built with the artifact. */
  head?: HeadSummary;
}

/** A source's head segment, without its bytes: fetched by its checksum like the artifact. */
export interface HeadSummary {
  crc32c: number;
  size: number;
  documentCount: number;
}

/** A source's delta segment, without its bytes (ADR 020). */
export interface DeltaSummary {
  source: string;
  /** The base artifact it goes on top of. */
  baseCrc32c: number;
  crc32c: number;
  size: number;
  documentCount: number;
  hiddenCount: number;
  /** What base and delta hold together. */
  searchableCount: number;
  documentsMark: number;
}

/** A source's current segments: its artifact and, when it changed since, the delta on top. */
export type SourceArtifacts = ArtifactSummary & { delta?: DeltaSummary };

/** What a client searches once it holds every segment: the delta's count, which includes the artifact's. */
export const searchableCount = ({ documentCount, delta }: SourceArtifacts): number =>
  delta?.searchableCount ?? documentCount;

const summaryColumns = {
  source: indexArtifacts.source,
  algorithm: indexArtifacts.algorithm,
  crc32c: indexArtifacts.crc32c,
  size: indexArtifacts.size,
  rawSize: indexArtifacts.rawSize,
  documentCount: indexArtifacts.documentCount,
  sourceVersion: indexArtifacts.sourceVersion,
  documentsRevision: indexArtifacts.documentsRevision,
  documentsMark: indexArtifacts.documentsMark,
  builtAt: indexArtifacts.builtAt,
  headCrc32c: indexArtifacts.headCrc32c,
  headSize: indexArtifacts.headSize,
  headDocumentCount: indexArtifacts.headDocumentCount,
};

interface HeadColumns {
  headCrc32c: number | null;
  headSize: number | null;
  headDocumentCount: number | null;
}

/** A row of summaryColumns as a summary: its head's columns as one `head`, absent when null. */
function summaryOf<Row extends HeadColumns>({ headCrc32c, headSize, headDocumentCount, ...artifact }: Row) {
  return headCrc32c === null || headSize === null || headDocumentCount === null
    ? artifact
    : { ...artifact, head: { crc32c: headCrc32c, size: headSize, documentCount: headDocumentCount } };
}

const deltaColumns = {
  source: indexDeltas.source,
  baseCrc32c: indexDeltas.baseCrc32c,
  crc32c: indexDeltas.crc32c,
  size: indexDeltas.size,
  documentCount: indexDeltas.documentCount,
  hiddenCount: indexDeltas.hiddenCount,
  searchableCount: indexDeltas.searchableCount,
  documentsMark: indexDeltas.documentsMark,
};

/** The artifact with its delta when that delta is on top of it (one left from a replaced base is not). */
const withDelta = (artifact: ArtifactSummary, delta: DeltaSummary | undefined): SourceArtifacts =>
  delta?.baseCrc32c === artifact.crc32c ? { ...artifact, delta } : artifact;

/** Every source's current segments, without their bytes. */
export async function sourceArtifacts(db: Db): Promise<SourceArtifacts[]> {
  const [artifacts, deltas] = await Promise.all([
    db.select(summaryColumns).from(indexArtifacts),
    db.select(deltaColumns).from(indexDeltas),
  ]);
  const deltaOf = new Map(deltas.map((delta) => [delta.source, delta]));
  return artifacts.map((row) => withDelta(summaryOf(row), deltaOf.get(row.source)));
}

/** `source`'s current segments, without their bytes. */
export async function sourceArtifact(db: Db, source: string): Promise<SourceArtifacts | undefined> {
  const artifact = await artifactSummary(db, source);
  if (!artifact) return undefined;
  const [delta] = await db.select(deltaColumns).from(indexDeltas).where(eq(indexDeltas.source, source));
  return withDelta(artifact, delta);
}

export async function artifactSummary(db: Db, source: string): Promise<ArtifactSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(indexArtifacts).where(eq(indexArtifacts.source, source));
  return row && summaryOf(row);
}

// Segments travel as base64 text: PGlite encodes and decodes bytea parameters byte by byte in
// JavaScript, which takes 4.8 s (write) and 1.5 s (read) for the 9.6 MB cities index, against
// 0.7 s and 0.5 s through base64; on PostgreSQL either way is fast. They are written and read a
// part (PART_BYTES) per statement, with the event loop free between: the embedded database runs
// each statement on the server's thread.
const PART_BYTES = 1024 * 1024;

/** Writes a segment's parts, one statement each (a part already there, from a build of the same bytes, is replaced). */
async function writeParts(db: Db, source: string, crc32c: number, bytes: Uint8Array): Promise<void> {
  for (let part = 0; part * PART_BYTES < Math.max(bytes.length, 1); part += 1) {
    const slice = Buffer.from(bytes.subarray(part * PART_BYTES, (part + 1) * PART_BYTES)).toString('base64');
    await db
      .insert(indexSegmentParts)
      .values({ source, crc32c, part, bytes: sql`decode(${slice}, 'base64')` })
      .onConflictDoUpdate({
        target: [indexSegmentParts.source, indexSegmentParts.crc32c, indexSegmentParts.part],
        set: { bytes: sql`excluded.bytes` },
      });
    await yieldToEventLoop();
  }
}

/** Forgets the parts of `source`'s segments other than those `kept`. */
const forgetOtherParts = (db: Db, source: string, kept: number[]) =>
  db
    .delete(indexSegmentParts)
    .where(and(eq(indexSegmentParts.source, source), notInArray(indexSegmentParts.crc32c, kept)));

/**
 * The `size` bytes of `source`'s segment with checksum `crc32c` (its artifact, head or delta), read a
 * part at a time; null when they are not all there (never stored, or replaced while being read).
 */
export async function segmentBytes(
  db: Db,
  source: string,
  crc32c: number,
  size: number,
): Promise<Uint8Array | null> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (let part = 0; offset < size || part === 0; part += 1) {
    const [row] = await db
      .select({ base64: sql<string>`encode(${indexSegmentParts.bytes}, 'base64')` })
      .from(indexSegmentParts)
      .where(
        and(
          eq(indexSegmentParts.source, source),
          eq(indexSegmentParts.crc32c, crc32c),
          eq(indexSegmentParts.part, part),
        ),
      );
    if (!row) return null;
    const chunk = Buffer.from(row.base64, 'base64');
    if (offset + chunk.length > size) return null;
    bytes.set(chunk, offset);
    offset += chunk.length;
    await yieldToEventLoop();
  }
  return bytes;
}

/**
 * Stores `source`'s artifact and its head: their parts first, then (one short transaction) the row
 * naming them, and forgets the delta, the removals it holds and the parts of the segments replaced.
 */
export async function saveArtifact(
  db: Db,
  source: string,
  algorithm: string,
  artifact: BuiltSource,
  sourceVersion: string,
  documentsRevision: number | null = null,
  documentsMark: number | null = null,
): Promise<void> {
  const { head } = artifact;
  await writeParts(db, source, artifact.crc32c, artifact.bytes);
  if (head) await writeParts(db, source, head.crc32c, head.bytes);
  const values = {
    documentsRevision,
    documentsMark,
    algorithm,
    crc32c: artifact.crc32c,
    size: artifact.bytes.length,
    rawSize: artifact.rawSize,
    documentCount: artifact.documentCount,
    sourceVersion,
    builtAt: new Date(),
    headCrc32c: head?.crc32c ?? null,
    headSize: head?.bytes.length ?? null,
    headDocumentCount: head?.documentCount ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(indexArtifacts)
      .values({ source, ...values })
      .onConflictDoUpdate({ target: indexArtifacts.source, set: values });
    // The new artifact holds every change up to its mark: the delta and those removals are history.
    await tx.delete(indexDeltas).where(eq(indexDeltas.source, source));
    if (documentsMark !== null)
      await tx
        .delete(documentRemovals)
        .where(and(eq(documentRemovals.source, source), sql`${documentRemovals.seq} <= ${documentsMark}`));
    await forgetOtherParts(tx, source, head ? [artifact.crc32c, head.crc32c] : [artifact.crc32c]);
  });
}

export interface DeltaToSave {
  baseCrc32c: number;
  artifact: BuiltArtifact;
  hiddenCount: number;
  searchableCount: number;
  documentsMark: number;
}

/**
 * Stores `source`'s delta segment (parts first, as saveArtifact), replacing the one before; its base
 * and the base's head stay.
 */
export async function saveDelta(db: Db, source: string, delta: DeltaToSave): Promise<void> {
  await writeParts(db, source, delta.artifact.crc32c, delta.artifact.bytes);
  const values = {
    baseCrc32c: delta.baseCrc32c,
    crc32c: delta.artifact.crc32c,
    size: delta.artifact.bytes.length,
    rawSize: delta.artifact.rawSize,
    documentCount: delta.artifact.documentCount,
    hiddenCount: delta.hiddenCount,
    searchableCount: delta.searchableCount,
    documentsMark: delta.documentsMark,
    builtAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(indexDeltas)
      .values({ source, ...values })
      .onConflictDoUpdate({ target: indexDeltas.source, set: values });
    // A client without the base still starts with its head, the delta on top.
    const [base] = await tx
      .select({ head: indexArtifacts.headCrc32c })
      .from(indexArtifacts)
      .where(and(eq(indexArtifacts.source, source), eq(indexArtifacts.crc32c, delta.baseCrc32c)));
    const kept = [delta.baseCrc32c, delta.artifact.crc32c];
    await forgetOtherParts(tx, source, base?.head == null ? kept : [...kept, base.head]);
  });
}

/** Takes (or renews) the build lease of `source` for `ms`; false while another owner's lease runs. */
export async function acquireBuildLease(db: Db, source: string, owner: string, ms: number): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(secs => ${ms / 1000})`;
  const rows = await db
    .insert(indexBuildLeases)
    .values({ source, owner, expiresAt })
    .onConflictDoUpdate({
      target: indexBuildLeases.source,
      set: { owner, expiresAt },
      setWhere: sql`${indexBuildLeases.expiresAt} < now() or ${indexBuildLeases.owner} = ${owner}`,
    })
    .returning({ owner: indexBuildLeases.owner });
  return rows.length > 0;
}

/** Whether someone holds a live build lease on `source` (a cheap check for those waiting on it). */
export async function buildLeaseHeld(db: Db, source: string): Promise<boolean> {
  const [row] = await db
    .select({ owner: indexBuildLeases.owner })
    .from(indexBuildLeases)
    .where(and(eq(indexBuildLeases.source, source), sql`${indexBuildLeases.expiresAt} >= now()`));
  return row !== undefined;
}

export async function releaseBuildLease(db: Db, source: string, owner: string): Promise<void> {
  await db
    .delete(indexBuildLeases)
    .where(and(eq(indexBuildLeases.source, source), eq(indexBuildLeases.owner, owner)));
}

/** The revision of `source`'s documents (document-store's markDocumentsChanged); 0 before any write. */
export async function documentsRevision(db: Db, source: string): Promise<number> {
  const [row] = await db
    .select({ revision: sourceRevisions.revision })
    .from(sourceRevisions)
    .where(eq(sourceRevisions.source, source));
  return row?.revision ?? 0;
}

/** Records that the artifact of `source` is current for document revision `revision`. */
export async function markArtifactCurrent(db: Db, source: string, revision: number): Promise<void> {
  await db
    .update(indexArtifacts)
    .set({ documentsRevision: revision })
    .where(eq(indexArtifacts.source, source));
}

/** Sources whose documents changed after their artifact was built (or that have none yet). */
export async function staleSources(db: Db): Promise<{ source: string; revision: number }[]> {
  return db
    .select({ source: sourceRevisions.source, revision: sourceRevisions.revision })
    .from(sourceRevisions)
    .leftJoin(indexArtifacts, eq(indexArtifacts.source, sourceRevisions.source))
    .where(sql`coalesce(${indexArtifacts.documentsRevision}, -1) < ${sourceRevisions.revision}`);
}

/** Makes the next check of `source` rebuild its artifact, whatever its documents (an admin's "rebuild now"). */
export async function requestRebuild(db: Db, source: string): Promise<void> {
  await db
    .update(indexArtifacts)
    .set({ sourceVersion: 'rebuild requested', documentsRevision: null })
    .where(eq(indexArtifacts.source, source));
}

/** Builds kept per source in index_builds. */
export const KEPT_BUILDS = 20;

export type BuildRecord = Omit<typeof indexBuilds.$inferInsert, 'id'>;

/** Adds a build's outcome to the history of its source, forgetting all but the newest KEPT_BUILDS. */
export async function recordBuild(db: Db, build: BuildRecord): Promise<void> {
  await db.insert(indexBuilds).values(build);
  await db.execute(sql`
    delete from ${indexBuilds} where ${indexBuilds.source} = ${build.source} and ${indexBuilds.id} not in (
      select id from ${indexBuilds} where ${indexBuilds.source} = ${build.source}
      order by ${indexBuilds.id} desc limit ${KEPT_BUILDS})`);
}

/** The newest builds of `source`, newest first. */
export async function buildHistory(db: Db, source: string) {
  return db
    .select()
    .from(indexBuilds)
    .where(eq(indexBuilds.source, source))
    .orderBy(desc(indexBuilds.id))
    .limit(KEPT_BUILDS);
}
