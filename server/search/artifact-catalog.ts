// The index artifacts as the routes serve them, kept in memory: every source's current summary,
// reloaded when INDEX_BUILT_CHANNEL announces a new artifact (built in this process or another),
// and each artifact's bytes once asked for. A request costs no query.
import type { Database } from '../db/client';
import { notifiedValue } from '../db/notified-value';
import { type ArtifactSummary, artifactBytes, artifactSummaries } from './artifact-store';
import { INDEX_BUILT_CHANNEL } from './index-service';

/** How long summaries are trusted should an announcement be missed (a dropped listener). */
export const SUMMARY_TTL_MS = 30_000;

export interface ArtifactCatalog {
  /** The current artifact of every built source. */
  summaries(): Promise<ReadonlyMap<string, ArtifactSummary>>;
  /** The bytes of `source`'s current artifact when its checksum is `crc32c`, else null. */
  bytes(source: string, crc32c: number): Promise<Uint8Array | null>;
}

export function createArtifactCatalog(database: Database, now = () => Date.now()): ArtifactCatalog {
  // One read per source and checksum, shared by every request waiting for it.
  const bytesBySource = new Map<string, { crc32c: number; bytes: Promise<Uint8Array | null> }>();
  const summaries = notifiedValue(
    database,
    INDEX_BUILT_CHANNEL,
    async () => {
      const current = new Map((await artifactSummaries(database.db)).map((row) => [row.source, row]));
      // Bytes of a replaced artifact are not kept once nobody can be sent them.
      for (const [source, entry] of bytesBySource)
        if (current.get(source)?.crc32c !== entry.crc32c) bytesBySource.delete(source);
      return current;
    },
    { ttlMs: SUMMARY_TTL_MS, now },
  );

  return {
    summaries: () => summaries.get(),

    async bytes(source, crc32c) {
      if ((await summaries.get()).get(source)?.crc32c !== crc32c) return null;
      let entry = bytesBySource.get(source);
      if (entry?.crc32c !== crc32c) {
        const started = { crc32c, bytes: artifactBytes(database.db, source, crc32c) };
        const forget = () => {
          if (bytesBySource.get(source) === started) bytesBySource.delete(source);
        };
        // Neither a failed read nor a checksum replaced meanwhile is kept for the next request.
        started.bytes.then((found) => found ?? forget(), forget);
        bytesBySource.set(source, started);
        entry = started;
      }
      return entry.bytes;
    },
  };
}
