// The stored-item transitions of spec §4 as pure functions of (record, now): set, remove, expire
// (the computed flag), read, and purge of entries the server already holds.
import { isIntact, type KvItem, KvKeySchema, type KvRecord, kvLimits } from './kv-item';
import { compareRecords, mergeRecord } from './kv-merge';
import { canonicalJson, type JsonValue, jsonValueProblem, utf8Length, valueChecksum } from './kv-value';

export interface SetOptions {
  /** Seconds from now until the item expires. */
  ttl?: number;
  /** When the item expires; give this or `ttl`, not both. */
  expiry?: Date | string;
}

export interface RemoveOptions {
  /** false: delete outright, nothing syncs; otherwise leave a tombstone that syncs. */
  persist?: boolean;
}

export type KvErrorCode = 'invalid_key' | 'invalid_value' | 'too_large' | 'invalid_expiry';

/** Refused input, with a stable code a UI can translate. */
export class KvError extends Error {
  constructor(
    readonly code: KvErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'KvError';
  }
}

/**
 * `now` as an ISO time, but always later than the previous version's, so two changes within one
 * millisecond still order as they happened on every device.
 */
function nextUpdated(previous: KvRecord | undefined, now: Date): string {
  const floor = previous ? Date.parse(previous.meta.updated) + 1 : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(now.getTime(), floor)).toISOString();
}

function checkedExpiry(options: SetOptions, now: Date): { expiry: string | null; ttl: number | null } {
  const { ttl, expiry } = options;
  if (ttl !== undefined && expiry !== undefined) {
    throw new KvError('invalid_expiry', 'Give a time to live or an expiry, not both.');
  }
  if (ttl !== undefined) {
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > kvLimits.ttlSeconds) {
      throw new KvError(
        'invalid_expiry',
        `The time to live must be 1 to ${kvLimits.ttlSeconds} whole seconds.`,
      );
    }
    return { expiry: new Date(now.getTime() + ttl * 1000).toISOString(), ttl };
  }
  if (expiry !== undefined) {
    const time = new Date(expiry);
    if (Number.isNaN(time.getTime())) throw new KvError('invalid_expiry', 'The expiry is not a valid date.');
    return { expiry: time.toISOString(), ttl: null };
  }
  return { expiry: null, ttl: null };
}

/** Set: writes the value, persisted, updated now, not removed (spec §4). */
export function setRecord(
  previous: KvRecord | undefined,
  key: string,
  value: JsonValue,
  options: SetOptions,
  now: Date,
): KvRecord {
  const keyCheck = KvKeySchema.safeParse(key);
  if (!keyCheck.success) throw new KvError('invalid_key', keyCheck.error.issues[0]!.message);
  const problem = jsonValueProblem(value);
  if (problem) throw new KvError('invalid_value', `The value ${problem}.`);
  if (utf8Length(canonicalJson(value)) > kvLimits.valueBytes) {
    throw new KvError('too_large', `A value may take at most ${kvLimits.valueBytes} bytes as JSON.`);
  }
  return {
    key,
    value,
    meta: {
      persist: true,
      updated: nextUpdated(previous, now),
      checksum: valueChecksum(value),
      ...checkedExpiry(options, now),
      removed: false,
    },
  };
}

/**
 * Remove: with persist false (asked for, or on the item) the item is deleted outright (null);
 * otherwise it becomes a tombstone with a null value, so the removal can sync (spec §4).
 */
export function removeRecord(record: KvRecord, options: RemoveOptions, now: Date): KvRecord | null {
  if (options.persist === false || !record.meta.persist) return null;
  return {
    key: record.key,
    value: null,
    meta: {
      ...record.meta,
      updated: nextUpdated(record, now),
      checksum: valueChecksum(null),
      removed: true,
    },
  };
}

export function isExpired(record: KvRecord, now: Date): boolean {
  return record.meta.expiry !== null && Date.parse(record.meta.expiry) <= now.getTime();
}

/** Expire: the reader's view, with `expired` computed by comparing the expiry with now (spec §4). */
export function expire(record: KvRecord, now: Date): KvItem {
  return { key: record.key, value: record.value, meta: { ...record.meta, expired: isExpired(record, now) } };
}

/** Whether the item reads as present: not removed, not expired, not corrupted. */
export function isLive(record: KvRecord | undefined, now: Date): record is KvRecord {
  return !!record && !record.meta.removed && !isExpired(record, now) && isIntact(record);
}

/**
 * Sync and purge: what happens to the local record of a key when the server's snapshot holds
 * `incoming`. The newer one wins; when the winner reads as absent (removed or expired) and the
 * server holds it, the local copy is dropped: a removal is purged on the next snapshot, and the
 * server keeps the tombstone for devices that sync later.
 */
export function resolveIncoming(
  current: KvRecord | undefined,
  incoming: KvRecord,
  now: Date,
): 'unchanged' | 'store' | 'drop' {
  const winner = mergeRecord(current, incoming);
  const incomingWins = winner !== current;
  const serverHoldsWinner = incomingWins || compareRecords(winner, incoming) === 0;
  if (serverHoldsWinner && (winner.meta.removed || isExpired(winner, now))) {
    return current ? 'drop' : 'unchanged';
  }
  return incomingWins ? 'store' : 'unchanged';
}
