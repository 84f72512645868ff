// The backup snapshot of spec §3 as it crosses the wire: an object keyed by item key whose entries
// hold {value, meta}, removed ones meta only. Shape and sizes are checked the same way on both sides.
import { z } from 'zod/mini';
import { KvKeySchema, type KvMeta, KvMetaSchema, type KvRecord, kvLimits } from './kv-item';
import { canonicalJson, type JsonValue, jsonValueProblem, utf8Length, valueChecksum } from './kv-value';

const JsonValueSchema = z.unknown().check(
  z.superRefine((value, ctx) => {
    const problem = jsonValueProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `the value ${problem}` });
  }),
);

export const BackupEntrySchema = z
  .strictObject({ value: z.optional(JsonValueSchema), meta: KvMetaSchema })
  .check(
    z.superRefine((entry, ctx) => {
      const hasValue = 'value' in entry;
      if (entry.meta.removed && hasValue) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'a removed entry holds meta only' });
        return;
      }
      if (!entry.meta.removed && !hasValue) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'an entry that is not removed needs a value',
        });
        return;
      }
      if (valueChecksum((entry.value ?? null) as JsonValue) !== entry.meta.checksum) {
        ctx.addIssue({
          code: 'custom',
          path: ['meta', 'checksum'],
          message: "does not match the crc32c of the value's canonical JSON",
        });
      }
    }),
  );
export type BackupEntry = { value: JsonValue; meta: KvMeta } | { meta: KvMeta };

export const BackupSnapshotSchema = z.pipe(
  z.unknown().check(
    z.superRefine((raw, ctx) => {
      // A record schema would drop this key silently; refuse it out loud instead.
      if (typeof raw === 'object' && raw !== null && Object.hasOwn(raw, '__proto__')) {
        ctx.addIssue({ code: 'custom', path: ['__proto__'], message: 'the key is reserved' });
      }
    }),
  ),
  z.record(KvKeySchema, BackupEntrySchema),
);
export type BackupSnapshot = Record<string, BackupEntry>;

export function toBackupEntry(record: KvRecord): BackupEntry {
  return record.meta.removed ? { meta: record.meta } : { value: record.value, meta: record.meta };
}

export function fromBackupEntry(key: string, entry: BackupEntry): KvRecord {
  return { key, value: 'value' in entry ? entry.value : null, meta: entry.meta };
}

export function toSnapshot(records: Iterable<KvRecord>): BackupSnapshot {
  const snapshot: BackupSnapshot = {};
  for (const record of records) snapshot[record.key] = toBackupEntry(record);
  return snapshot;
}

export function fromSnapshot(snapshot: BackupSnapshot): Map<string, KvRecord> {
  return new Map(Object.entries(snapshot).map(([key, entry]) => [key, fromBackupEntry(key, entry)]));
}

/** Bytes a record counts for against kvLimits.snapshotBytes: its key and its canonical entry. */
export function recordBytes(record: KvRecord): number {
  return utf8Length(record.key) + utf8Length(canonicalJson({ value: record.value, meta: record.meta }));
}

export interface SizeIssue {
  path: string;
  message: string;
}

/** Where a set of records breaks the size limits (each value, the count, the total); empty when none. */
export function sizeIssues(records: Iterable<KvRecord>): SizeIssue[] {
  const issues: SizeIssue[] = [];
  let count = 0;
  let total = 0;
  for (const record of records) {
    count += 1;
    total += recordBytes(record);
    if (utf8Length(canonicalJson(record.value)) > kvLimits.valueBytes) {
      issues.push({
        path: `${record.key}.value`,
        message: `a value may take at most ${kvLimits.valueBytes} bytes as JSON`,
      });
    }
  }
  if (count > kvLimits.entries) {
    issues.push({ path: '', message: `a snapshot may hold at most ${kvLimits.entries} entries (${count})` });
  }
  if (total > kvLimits.snapshotBytes) {
    issues.push({
      path: '',
      message: `a snapshot may take at most ${kvLimits.snapshotBytes} bytes (${total})`,
    });
  }
  return issues;
}
