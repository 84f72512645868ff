// Each user's backup snapshot as this process last read it, so reading it again, or posting a
// snapshot that changes nothing (a device's routine sync), costs no query. A merge that changes
// something announces the user on BACKUP_CHANGED_CHANNEL and every process forgets its copy; a
// copy is also read again once older than SNAPSHOT_TTL_MS, which bounds a missed announcement.
import type { KvRecord } from '#shared/kv/kv-item';
import { mergeRecords } from '#shared/kv/kv-merge';
import type { Database } from '../db/client';
import { listenOnFirstUse } from '../db/listen-on-first-use';
import { isForgotten, type MergeOutcome, mergeSnapshot, readSnapshot } from './backup-store';

export const BACKUP_CHANGED_CHANNEL = 'sift_backup_changed';
export const SNAPSHOT_TTL_MS = 30_000;
/** Users whose snapshot is kept at most; past this the oldest copy is forgotten. */
const MAX_USERS = 10_000;

type Snapshot = ReadonlyMap<string, KvRecord>;

export function createBackupCache(database: Database, now = () => Date.now()) {
  const copies = new Map<string, { snapshot: Snapshot; readAt: number }>();
  // Counts announcements: a read that overlapped one may hold the state before it, so is not kept.
  let changes = 0;
  function forget(userId: string) {
    changes += 1;
    copies.delete(userId);
  }
  const listening = listenOnFirstUse(database, BACKUP_CHANGED_CHANNEL, forget);

  async function read(userId: string): Promise<Snapshot> {
    await listening();
    const copy = copies.get(userId);
    if (copy && now() - copy.readAt < SNAPSHOT_TTL_MS) return copy.snapshot;
    const started = changes;
    const readAt = now();
    const snapshot = await readSnapshot(database.db, userId);
    if (changes === started) {
      copies.delete(userId);
      if (copies.size >= MAX_USERS) copies.delete(copies.keys().next().value!);
      copies.set(userId, { snapshot, readAt });
    }
    return snapshot;
  }

  return {
    read,

    /** Merges like mergeSnapshot; a snapshot that changes nothing is answered from the copy. */
    async merge(userId: string, incoming: readonly KvRecord[], at: Date): Promise<MergeOutcome> {
      const current = await read(userId);
      // The copy is never newer than the database, so what changes nothing here changes nothing
      // there; entries due to be forgotten need the database's merge, which forgets them.
      const unchanged = mergeRecords(current, incoming).changed.length === 0;
      if (unchanged && ![...current.values()].some((record) => isForgotten(record.meta, at)))
        return { merged: new Map(current), changed: 0 };
      forget(userId);
      const outcome = await mergeSnapshot(database.db, userId, incoming, at);
      forget(userId);
      if (outcome.changed > 0) await database.notify(BACKUP_CHANGED_CHANNEL, userId);
      return outcome;
    },
  };
}

export type BackupCache = ReturnType<typeof createBackupCache>;
