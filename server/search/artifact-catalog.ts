// The index artifacts as the routes serve them, kept in memory: every source's current segments
// (its artifact, its head and the delta on top, ADR 020), reloaded when INDEX_BUILT_CHANNEL
// announces a new one (built in this process or another), and each segment's bytes once asked for.
// A request costs no query.
import type { Database } from '../db/client';
import { notifiedValue } from '../db/notified-value';
import { type SourceArtifacts, segmentBytes, sourceArtifacts } from './artifact-store';
import { INDEX_BUILT_CHANNEL } from './index-service';

/** How long summaries are trusted should an announcement be missed (a dropped listener). */
export const SUMMARY_TTL_MS = 30_000;

export interface ArtifactCatalog {
  /** The current segments of every built source. */
  summaries(): Promise<ReadonlyMap<string, SourceArtifacts>>;
  /** The bytes of `source`'s current artifact, head or delta when its checksum is `crc32c`, else null. */
  bytes(source: string, crc32c: number): Promise<Uint8Array | null>;
}

export function createArtifactCatalog(database: Database, now = () => Date.now()): ArtifactCatalog {
  // One read per segment, shared by every request waiting for it; keyed by source and checksum.
  const bytesBySegment = new Map<
    string,
    { source: string; crc32c: number; bytes: Promise<Uint8Array | null> }
  >();
  const summaries = notifiedValue(
    database,
    INDEX_BUILT_CHANNEL,
    async () => {
      const current = new Map((await sourceArtifacts(database.db)).map((row) => [row.source, row]));
      // Bytes of a replaced segment are not kept once nobody can be sent them.
      for (const [key, entry] of bytesBySegment)
        if (!isCurrent(current.get(entry.source), entry.crc32c)) bytesBySegment.delete(key);
      return current;
    },
    { ttlMs: SUMMARY_TTL_MS, now },
  );

  return {
    summaries: () => summaries.get(),

    async bytes(source, crc32c) {
      const artifacts = (await summaries.get()).get(source);
      const size = sizeOf(artifacts, crc32c);
      if (size === undefined) return null;
      const key = `${source}:${crc32c}`;
      let entry = bytesBySegment.get(key);
      if (!entry) {
        const started = { source, crc32c, bytes: segmentBytes(database.db, source, crc32c, size) };
        const forget = () => {
          if (bytesBySegment.get(key) === started) bytesBySegment.delete(key);
        };
        // Neither a failed read nor a checksum replaced meanwhile is kept for the next request.
        started.bytes.then((found) => found ?? forget(), forget);
        bytesBySegment.set(key, started);
        entry = started;
      }
      return entry.bytes;
    },
  };
}

/** The size of the source's current segment with checksum `crc32c`; undefined when none has it. */
function sizeOf(artifacts: SourceArtifacts | undefined, crc32c: number): number | undefined {
  if (!artifacts) return undefined;
  return [artifacts, artifacts.head, artifacts.delta].find((segment) => segment?.crc32c === crc32c)?.size;
}

/** Whether `crc32c` is one of the source's current segments. */
export const isCurrent = (artifacts: SourceArtifacts | undefined, crc32c: number) =>
  sizeOf(artifacts, crc32c) !== undefined;
