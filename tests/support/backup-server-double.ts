// An in-memory stand-in for /api/backup, for client sync tests that run without a server: it
// merges with the same shared rule as server/backup/backup-store.ts, and every snapshot crosses a
// JSON round trip and the wire schema, as over HTTP. The real endpoint has its own API tests.
import type { BackupApi } from '#client/kv/backup-api';
import type { KvRecord } from '#shared/kv/kv-item';
import { mergeRecords } from '#shared/kv/kv-merge';
import { type BackupSnapshot, BackupSnapshotSchema, fromSnapshot, toSnapshot } from '#shared/kv/kv-snapshot';

const overTheWire = (snapshot: BackupSnapshot): BackupSnapshot =>
  BackupSnapshotSchema.parse(JSON.parse(JSON.stringify(snapshot)));

export function createBackupServerDouble() {
  const snapshots = new Map<string, Map<string, KvRecord>>();
  const failures: Error[] = [];
  const calls: ('GET' | 'POST')[] = [];

  function answer(owner: string, method: 'GET' | 'POST') {
    calls.push(method);
    const failure = failures.shift();
    if (failure) throw failure;
    return snapshots.get(owner) ?? new Map<string, KvRecord>();
  }

  const api: BackupApi = {
    async fetchSnapshot(owner) {
      return overTheWire(toSnapshot(answer(owner, 'GET').values()));
    },
    async postSnapshot(owner, snapshot) {
      const { merged } = mergeRecords(answer(owner, 'POST'), fromSnapshot(overTheWire(snapshot)).values());
      snapshots.set(owner, merged);
      return overTheWire(toSnapshot(merged.values()));
    },
  };

  return {
    api,
    /** What the server holds for `owner`. */
    snapshot: (owner: string) => snapshots.get(owner) ?? new Map<string, KvRecord>(),
    /** The next requests fail with these errors, one each. */
    failWith: (...errors: Error[]) => failures.push(...errors),
    /** Drops `owner`'s entries that `forgotten` picks, as the server forgets old tombstones and expiries. */
    forget(owner: string, forgotten: (record: KvRecord) => boolean) {
      const held = snapshots.get(owner);
      if (held) snapshots.set(owner, new Map([...held].filter(([, record]) => !forgotten(record))));
    },
    calls,
  };
}
