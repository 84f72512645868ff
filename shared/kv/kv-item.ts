// A local stored item (spec §3): {key, value, meta}. The store keeps KvRecords; readers get KvItems,
// whose meta adds the computed `expired`. The limits hold in the browser and on the server alike.
import { z } from 'zod/mini';
import { type JsonValue, textProblem, valueChecksum } from './kv-value';

export const kvLimits = {
  /** Characters in a key. */
  keyLength: 200,
  /** UTF-8 bytes of a value's canonical JSON. */
  valueBytes: 64 * 1024,
  /** Entries in one user's snapshot, removed ones included. */
  entries: 5000,
  /** UTF-8 bytes of a whole snapshot's canonical entries and keys. */
  snapshotBytes: 2 * 1024 * 1024,
  /** Bytes of a POST /api/backup body (the snapshot plus JSON whitespace). */
  requestBytes: 3 * 1024 * 1024,
  /** The longest time to live: ten years. */
  ttlSeconds: 10 * 365 * 24 * 60 * 60,
} as const;

/** Keys that name an object's prototype cannot be keys of a snapshot object. */
const RESERVED_KEYS = new Set(['__proto__']);

// Its messages are its own: the browser loads none of zod's, and the store's errors pass them on.
export const KvKeySchema = z.string({ error: 'must be text' }).check(
  z.minLength(1, 'must not be empty'),
  z.maxLength(kvLimits.keyLength, `must be at most ${kvLimits.keyLength} characters`),
  z.superRefine((key, ctx) => {
    const problem = RESERVED_KEYS.has(key) ? 'is reserved' : textProblem(key);
    if (problem) ctx.addIssue({ code: 'custom', message: `the key ${problem}` });
  }),
);

/** Times as Date.prototype.toISOString writes them (UTC, milliseconds), so they also sort as text. */
export const IsoTimeSchema = z.iso.datetime({
  precision: 3,
  message: 'must be an ISO time like 2025-01-31T12:00:00.000Z',
});

export const KvMetaSchema = z.pipe(
  z.strictObject({
    /** Removing a persisted item keeps a tombstone so the removal can sync. */
    persist: z.boolean(),
    updated: IsoTimeSchema,
    /** crc32c of the value's canonical JSON (kv-value.ts). */
    checksum: z.int().check(z.gte(0), z.lte(0xffff_ffff)),
    expiry: z.nullable(IsoTimeSchema),
    /** Seconds to live that set the expiry, when it was given that way. */
    ttl: z.nullable(z.int().check(z.gte(1), z.lte(kvLimits.ttlSeconds))),
    removed: z.boolean(),
    /** Computed by every reader; accepted from clients that echo it and never stored. */
    expired: z.optional(z.boolean()),
  }),
  z.transform(({ expired: _computed, ...meta }) => meta),
);
export type KvMeta = z.output<typeof KvMetaSchema>;

/** What the store keeps: a removed item has a null value. */
export interface KvRecord {
  key: string;
  value: JsonValue;
  meta: KvMeta;
}

/** What readers see: the record with `expired` computed against the current time. */
export interface KvItem {
  key: string;
  value: JsonValue;
  meta: KvMeta & { expired: boolean };
}

/** The checksum still matches the value: nothing changed it at rest. */
export function isIntact(record: KvRecord): boolean {
  return valueChecksum(record.value) === record.meta.checksum;
}
