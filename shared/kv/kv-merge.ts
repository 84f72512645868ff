// The one merge rule of the browser and the server: the newer `updated` wins; equal times fall back
// to comparing the canonical entries, so every device and the server pick the same winner.
import { isIntact, type KvRecord } from './kv-item';
import { canonicalJson } from './kv-value';

/** > 0 when `a` wins over `b`, < 0 when `b` wins, 0 when they are the same version. */
export function compareRecords(a: KvRecord, b: KvRecord): number {
  const byTime = Date.parse(a.meta.updated) - Date.parse(b.meta.updated);
  if (byTime !== 0) return byTime;
  const textA = canonicalJson({ value: a.value, meta: a.meta });
  const textB = canonicalJson({ value: b.value, meta: b.meta });
  return textA < textB ? -1 : textA > textB ? 1 : 0;
}

/**
 * The incoming record only when it is newer than the current one (spec §4), else the current one.
 * A current record whose checksum no longer matches counts as missing, so a backup repairs it.
 */
export function mergeRecord(current: KvRecord | undefined, incoming: KvRecord): KvRecord {
  return !current || !isIntact(current) || compareRecords(incoming, current) > 0 ? incoming : current;
}

/** Merges `incoming` into `base` per key; answers the merged map and the records that changed. */
export function mergeRecords(
  base: ReadonlyMap<string, KvRecord>,
  incoming: Iterable<KvRecord>,
): { merged: Map<string, KvRecord>; changed: KvRecord[] } {
  const merged = new Map(base);
  const changed: KvRecord[] = [];
  for (const record of incoming) {
    const current = merged.get(record.key);
    if (mergeRecord(current, record) !== current) {
      merged.set(record.key, record);
      changed.push(record);
    }
  }
  return { merged, changed };
}
