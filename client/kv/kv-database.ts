// The IndexedDB behind the key-value store: items partitioned by owner ('' before sign-in, else the
// user id, so one person's items never show up for the next), and which partition was last in use.
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb';
import { z } from 'zod/mini';
import { KvKeySchema, KvMetaSchema, type KvRecord } from '#shared/kv/kv-item';
import { type JsonValue, jsonValueProblem } from '#shared/kv/kv-value';

/** The partition of items stored before anyone signs in on this device. */
export const ANONYMOUS_OWNER = '';

export interface StoredRecord extends KvRecord {
  owner: string;
  /** The server's backup holds this very version (a user's partition only; absent: not known to). */
  backedUp?: true;
}

interface KvSchema extends DBSchema {
  items: { key: [string, string]; value: StoredRecord; indexes: { owner: string } };
  /** activeOwner: whose items are shown; anonymousLeftBy: who chose to keep the anonymous items out. */
  state: { key: 'activeOwner' | 'anonymousLeftBy'; value: string };
}

export type KvDatabase = IDBPDatabase<KvSchema>;
export type KvWriteTransaction = IDBPTransaction<KvSchema, ['items', 'state'], 'readwrite'>;

export function openKvDatabase(name: string): Promise<KvDatabase> {
  return openDB<KvSchema>(name, 1, {
    upgrade(database) {
      const items = database.createObjectStore('items', { keyPath: ['owner', 'key'] });
      items.createIndex('owner', 'owner');
      database.createObjectStore('state');
    },
  });
}

const StoredRecordSchema = z.object({
  owner: z.string(),
  key: KvKeySchema,
  value: z
    .unknown()
    .check(z.refine((value) => jsonValueProblem(value) === null, 'not a storable JSON value')),
  meta: KvMetaSchema,
});

/** Whether a row read back from disk is marked as held by the server's backup. */
export function isStoredBackedUp(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { backedUp?: unknown }).backedUp === true;
}

/**
 * A record read back from disk, or null when it is no longer a record at all. A value changed at
 * rest still parses: its checksum is what tells (isIntact).
 */
export function parseStoredRecord(raw: unknown): KvRecord | null {
  const parsed = StoredRecordSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { key, value, meta } = parsed.data;
  return { key, value: value as JsonValue, meta };
}
