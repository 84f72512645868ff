// The index artifacts as the routes serve them, kept in memory: every source's current summary and,
// once asked for, its bytes. A request costs no query. A new artifact, built in this process or
// another, is announced on INDEX_BUILT_CHANNEL and the summaries are read again; they are also
// read again once they are older than SUMMARY_TTL_MS, which bounds how long a missed notification
// (a dropped listener) could keep an old checksum in use.
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { type ArtifactSummary, artifactBytes, artifactSummaries } from './artifact-store';
import { INDEX_BUILT_CHANNEL } from './index-service';

export const SUMMARY_TTL_MS = 30_000;

export interface ArtifactCatalog {
  /** The current artifact of every built source. */
  summaries(): Promise<ReadonlyMap<string, ArtifactSummary>>;
  /** The bytes of `source`'s current artifact when its checksum is `crc32c`, else null. */
  bytes(source: string, crc32c: number): Promise<Uint8Array | null>;
}

interface Loaded {
  summaries: Map<string, ArtifactSummary>;
  readAt: number;
}

export function createArtifactCatalog(
  database: Database,
  logger: Logger,
  now = () => Date.now(),
): ArtifactCatalog {
  // One load at a time is shared by every request waiting for it; bytes likewise per source.
  let loaded: Promise<Loaded> | undefined;
  const bytesBySource = new Map<string, { crc32c: number; bytes: Promise<Uint8Array | null> }>();
  // Summaries are cached only once the process listens, so no announcement can slip between the two.
  let listening: Promise<unknown> | undefined;

  function reload(): Promise<Loaded> {
    const readAt = now();
    const next = artifactSummaries(database.db).then((rows) => {
      const summaries = new Map(rows.map((row) => [row.source, row]));
      // Bytes of a replaced artifact are not kept once nobody can be sent them.
      for (const [source, entry] of bytesBySource)
        if (summaries.get(source)?.crc32c !== entry.crc32c) bytesBySource.delete(source);
      return { summaries, readAt };
    });
    loaded = next;
    // A failed read is not kept: the next request asks again.
    next.catch(() => {
      if (loaded === next) loaded = undefined;
    });
    return next;
  }

  async function current(): Promise<Loaded> {
    listening ??= database
      .listen(INDEX_BUILT_CHANNEL, () => void reload().catch(() => {}))
      .catch((error: unknown) => {
        listening = undefined;
        logger.warn({ err: error }, 'could not listen for new index artifacts');
        throw error;
      });
    await listening;
    const state = await (loaded ?? reload());
    return now() - state.readAt < SUMMARY_TTL_MS ? state : reload();
  }

  return {
    async summaries() {
      return (await current()).summaries;
    },

    async bytes(source, crc32c) {
      if ((await current()).summaries.get(source)?.crc32c !== crc32c) return null;
      let entry = bytesBySource.get(source);
      if (entry?.crc32c !== crc32c) {
        const bytes = artifactBytes(database.db, source, crc32c);
        entry = { crc32c, bytes };
        bytesBySource.set(source, entry);
        const started = entry;
        const forget = () => {
          if (bytesBySource.get(source) === started) bytesBySource.delete(source);
        };
        // Neither a failed read nor a checksum replaced meanwhile is kept for the next request.
        bytes.then((found) => found ?? forget(), forget);
      }
      return entry.bytes;
    },
  };
}
