// Each user's backup snapshot as this process last read it, so reading it again, or posting a
// snapshot that changes nothing (a device's routine sync), costs no query, and its answer no
// serializing or compressing after the first. A merge that changes something announces the user
// on BACKUP_CHANGED_CHANNEL and every process forgets its copy; a copy is also read again once
// older than SNAPSHOT_TTL_MS, which bounds a missed announcement.
import { createHash } from 'node:crypto';
import type { KvRecord } from '#shared/kv/kv-item';
import { mergeRecords } from '#shared/kv/kv-merge';
import { toSnapshot } from '#shared/kv/kv-snapshot';
import type { Database } from '../db/client';
import { listenOnFirstUse } from '../db/listen-on-first-use';
import { type CompressedOnDemand, compressOnDemand } from '../precompressed';
import { forgottenAfter, type MergeOutcome, mergeSnapshot, readSnapshot } from './backup-store';

export const BACKUP_CHANGED_CHANNEL = 'sift_backup_changed';
export const SNAPSHOT_TTL_MS = 30_000;
/** Users whose snapshot is kept at most; past this the oldest copy is forgotten. */
const MAX_USERS = 10_000;
/** Bodies remembered per copy as changing nothing: one per device that syncs, a few devices a user. */
const UNCHANGED_BODIES = 8;

type Snapshot = ReadonlyMap<string, KvRecord>;

interface Copy {
  snapshot: Snapshot;
  readAt: number;
  /** Until then (ms) no entry is due to be forgotten, so a merge that changes nothing needs no write. */
  forgetsNothingUntil: number;
  /** The snapshot as the API answers it, serialized on first use, compressed per encoding on demand. */
  answer?: CompressedOnDemand;
  /** Digests of request bodies found to change nothing in this copy. */
  unchangedBodies: Set<string>;
}

/** What identifies a request body: equal digests, equal bodies, so an equal merge outcome. */
export function bodyDigest(body: string): string {
  return createHash('sha256').update(body).digest('base64url');
}

function newCopy(snapshot: Snapshot, readAt: number): Copy {
  let forgetsNothingUntil = Number.POSITIVE_INFINITY;
  for (const record of snapshot.values()) {
    forgetsNothingUntil = Math.min(forgetsNothingUntil, forgottenAfter(record.meta));
  }
  return { snapshot, readAt, forgetsNothingUntil, unchangedBodies: new Set() };
}

function answerOf(copy: Copy): CompressedOnDemand {
  copy.answer ??= compressOnDemand(JSON.stringify(toSnapshot(copy.snapshot.values())), 'application/json');
  return copy.answer;
}

export function createBackupCache(database: Database, now = () => Date.now()) {
  const copies = new Map<string, Copy>();
  // Counts announcements: a read that overlapped one may hold the state before it, so is not kept.
  let changes = 0;
  function forget(userId: string) {
    changes += 1;
    copies.delete(userId);
  }
  const listening = listenOnFirstUse(database, BACKUP_CHANGED_CHANNEL, forget);

  async function readCopy(userId: string): Promise<Copy> {
    await listening();
    const kept = copies.get(userId);
    if (kept && now() - kept.readAt < SNAPSHOT_TTL_MS) return kept;
    const started = changes;
    const copy = newCopy(await readSnapshot(database.db, userId), now());
    if (changes === started) {
      copies.delete(userId);
      if (copies.size >= MAX_USERS) copies.delete(copies.keys().next().value!);
      copies.set(userId, copy);
    }
    return copy;
  }

  return {
    read: async (userId: string): Promise<Snapshot> => (await readCopy(userId)).snapshot,

    /** The snapshot as the API answers it, serialized and compressed once per copy. */
    readAnswer: async (userId: string): Promise<CompressedOnDemand> => answerOf(await readCopy(userId)),

    /**
     * The answer to a body (by bodyDigest) that an earlier merge found to change nothing in the
     * current copy, as readAnswer gives it; undefined when it has to be validated and merged.
     */
    async unchangedAnswer(userId: string, digest: string, at: Date): Promise<CompressedOnDemand | undefined> {
      const copy = await readCopy(userId);
      const unchanged = copy.unchangedBodies.has(digest) && at.getTime() <= copy.forgetsNothingUntil;
      return unchanged ? answerOf(copy) : undefined;
    },

    /**
     * Merges like mergeSnapshot; a snapshot that changes nothing is answered from the copy, and its
     * body's digest, when given, is remembered for unchangedAnswer.
     */
    async merge(
      userId: string,
      incoming: readonly KvRecord[],
      at: Date,
      digest?: string,
    ): Promise<MergeOutcome> {
      const copy = await readCopy(userId);
      // The copy is never newer than the database, so what changes nothing here changes nothing
      // there; entries due to be forgotten need the database's merge, which forgets them.
      const unchanged = mergeRecords(copy.snapshot, incoming).changed.length === 0;
      if (unchanged && at.getTime() <= copy.forgetsNothingUntil) {
        if (digest && copy.unchangedBodies.size < UNCHANGED_BODIES) copy.unchangedBodies.add(digest);
        return { merged: new Map(copy.snapshot), changed: 0 };
      }
      forget(userId);
      const outcome = await mergeSnapshot(database.db, userId, incoming, at);
      forget(userId);
      if (outcome.changed > 0) await database.notify(BACKUP_CHANGED_CHANNEL, userId);
      return outcome;
    },
  };
}

export type BackupCache = ReturnType<typeof createBackupCache>;
