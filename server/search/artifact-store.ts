// Index artifacts and build leases in the database, shared by every server process.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BuiltArtifact } from '#shared/search/index-artifact';
import type { Db } from '../db/client';
import { indexArtifacts, indexBuildLeases, indexBuilds, sourceRevisions } from '../db/schema/documents';

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
  builtAt: Date;
}

const summaryColumns = {
  source: indexArtifacts.source,
  algorithm: indexArtifacts.algorithm,
  crc32c: indexArtifacts.crc32c,
  size: sql<number>`octet_length(${indexArtifacts.bytes})::int`,
  rawSize: indexArtifacts.rawSize,
  documentCount: indexArtifacts.documentCount,
  sourceVersion: indexArtifacts.sourceVersion,
  documentsRevision: indexArtifacts.documentsRevision,
  builtAt: indexArtifacts.builtAt,
};

/** Every stored artifact, without its bytes. */
export async function artifactSummaries(db: Db): Promise<ArtifactSummary[]> {
  return db.select(summaryColumns).from(indexArtifacts);
}

export async function artifactSummary(db: Db, source: string): Promise<ArtifactSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(indexArtifacts).where(eq(indexArtifacts.source, source));
  return row;
}

// Artifacts travel as base64 text: PGlite encodes and decodes bytea parameters byte by byte in
// JavaScript, which takes 4.8 s (write) and 1.5 s (read) for the 9.6 MB cities index, against
// 0.7 s and 0.5 s through base64; on PostgreSQL either way is fast.

/** The artifact's bytes, or null when the source's current artifact has another checksum. */
export async function artifactBytes(db: Db, source: string, crc32c: number): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ base64: sql<string>`encode(${indexArtifacts.bytes}, 'base64')` })
    .from(indexArtifacts)
    .where(and(eq(indexArtifacts.source, source), eq(indexArtifacts.crc32c, crc32c)));
  return row ? new Uint8Array(Buffer.from(row.base64, 'base64')) : null;
}

export async function saveArtifact(
  db: Db,
  source: string,
  algorithm: string,
  artifact: BuiltArtifact,
  sourceVersion: string,
  documentsRevision: number | null = null,
): Promise<void> {
  const values = {
    documentsRevision,
    algorithm,
    crc32c: artifact.crc32c,
    bytes: sql`decode(${Buffer.from(artifact.bytes).toString('base64')}, 'base64')`,
    rawSize: artifact.rawSize,
    documentCount: artifact.documentCount,
    sourceVersion,
    builtAt: new Date(),
  };
  await db
    .insert(indexArtifacts)
    .values({ source, ...values })
    .onConflictDoUpdate({ target: indexArtifacts.source, set: values });
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
