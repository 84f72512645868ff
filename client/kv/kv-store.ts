// The local key-value store (spec §3, §4): the active owner's items live in memory for instant
// reads once loaded, every change is written through to IndexedDB, and other tabs hear of it on a
// BroadcastChannel and re-read what changed. Sync (kv-sync.ts) merges the server's snapshot in.
import { isIntact, type KvItem, type KvRecord } from '../../shared/kv/kv-item';
import { mergeRecord } from '../../shared/kv/kv-merge';
import {
  expire,
  isLive,
  type RemoveOptions,
  removeRecord,
  resolveIncoming,
  type SetOptions,
  setRecord,
} from '../../shared/kv/kv-transitions';
import type { JsonValue } from '../../shared/kv/kv-value';
import { ANONYMOUS_OWNER, type KvDatabase, openKvDatabase, parseStoredRecord } from './kv-database';

export interface KvStoreOptions {
  /** Names the IndexedDB database and the BroadcastChannel. */
  name?: string;
  now?: () => Date;
}

/** The partition changed while a sync was merging into it; the merge was not applied. */
export class OwnerChangedError extends Error {
  constructor() {
    super('the signed-in user changed during the sync');
    this.name = 'OwnerChangedError';
  }
}

type KvMessage = { owner: string; keys: string[] } | { owner: string; all: true };

export function createKvStore({ name = 'sift-kv', now = () => new Date() }: KvStoreOptions = {}) {
  let database: KvDatabase | null = null;
  let owner = ANONYMOUS_OWNER;
  let records = new Map<string, KvRecord>();
  let loaded = false;
  let version = 0;
  const listeners = new Set<() => void>();
  const localChangeListeners = new Set<() => void>();
  /** Bumped whenever this tab changes a key in memory, so a read that started earlier cannot undo it. */
  const changeCounts = new Map<string, number>();
  const pendingWrites = new Set<Promise<unknown>>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;

  function notify() {
    version += 1;
    for (const listener of listeners) listener();
  }

  function applyToMemory(key: string, record: KvRecord | null) {
    changeCounts.set(key, (changeCounts.get(key) ?? 0) + 1);
    if (record) records.set(key, record);
    else records.delete(key);
  }

  /** Applies what was read from disk, skipping keys this tab changed after `countsBefore` was taken. */
  function applyRead(fresh: Map<string, KvRecord | null>, countsBefore: Map<string, number>) {
    let changed = false;
    for (const [key, record] of fresh) {
      if (changeCounts.get(key) !== countsBefore.get(key)) continue;
      if (record === (records.get(key) ?? null)) continue;
      applyToMemory(key, record);
      changed = true;
    }
    if (changed) notify();
  }

  async function readPartition(db: KvDatabase, partition: string): Promise<Map<string, KvRecord>> {
    const stored = await db.getAllFromIndex('items', 'owner', partition);
    const result = new Map<string, KvRecord>();
    for (const raw of stored) {
      const record = parseStoredRecord(raw);
      if (record) result.set(record.key, record);
      else console.warn('[kv] skipped an unreadable stored item', raw);
    }
    return result;
  }

  function broadcast(message: KvMessage) {
    channel?.postMessage(message);
  }

  /** Keeps a write's promise until it settles, so flush() can wait for it. */
  function track<T>(write: Promise<T>): Promise<T> {
    pendingWrites.add(write);
    void write.finally(() => pendingWrites.delete(write)).catch(() => {});
    return write;
  }

  const opening: Promise<void> = (async () => {
    try {
      database = await openKvDatabase(name);
      owner = (await database.get('state', 'activeOwner')) ?? ANONYMOUS_OWNER;
      records = await readPartition(database, owner);
    } catch (error) {
      console.warn('[kv] IndexedDB is unavailable: stored items last only while this page is open', error);
      database = null;
    }
    loaded = true;
    notify();
  })();

  async function refresh(partition: string, keys: string[] | null) {
    const db = database;
    if (!db) return;
    const countsBefore = new Map(changeCounts);
    let fresh: Map<string, KvRecord | null>;
    if (keys) {
      const read = await Promise.all(keys.map((key) => db.get('items', [partition, key])));
      fresh = new Map(keys.map((key, i) => [key, read[i] ? parseStoredRecord(read[i]) : null]));
    } else {
      const all = await readPartition(db, partition);
      fresh = new Map<string, KvRecord | null>([...records.keys()].map((key) => [key, null]));
      for (const [key, record] of all) fresh.set(key, record);
    }
    if (owner === partition) applyRead(fresh, countsBefore);
  }

  if (channel) {
    channel.onmessage = (event: MessageEvent<KvMessage>) => {
      const message = event.data;
      if (message.owner !== owner || !loaded) return;
      refresh(message.owner, 'all' in message ? null : message.keys).catch((error) =>
        console.warn('[kv] could not read a change made in another tab', error),
      );
    };
  }

  /** A change the user made here: memory at once, then disk, then the other tabs. */
  function commitLocal(key: string, record: KvRecord | null): Promise<void> {
    applyToMemory(key, record);
    notify();
    for (const listener of localChangeListeners) listener();
    const db = database;
    if (!db) return Promise.resolve();
    const partition = owner;
    const write = record
      ? db.put('items', { ...record, owner: partition })
      : db.delete('items', [partition, key]);
    return track(write.then(() => broadcast({ owner: partition, keys: [key] })));
  }

  const store = {
    /** Resolves once the stored items are in memory; reads before that find nothing. */
    ready: (): Promise<void> => opening,
    isReady: (): boolean => loaded,
    /** Whose items are active: a user id, or '' before anyone signed in. */
    owner: (): string => owner,

    /** The value, or undefined when the key is missing, removed, expired or corrupted. */
    get(key: string): JsonValue | undefined {
      const record = records.get(key);
      return isLive(record, now()) ? record.value : undefined;
    },

    /** The item with its meta, removed and expired ones included. */
    item(key: string): KvItem | undefined {
      const record = records.get(key);
      return record && expire(record, now());
    },

    /** Every item, removed and expired ones included, by key. */
    items(): KvItem[] {
      const instant = now();
      return [...records.values()]
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map((record) => expire(record, instant));
    },

    /**
     * Set (spec §4). Once loaded, memory changes at once and a bad key or value throws a KvError;
     * the promise settles when the item is on disk.
     */
    set(key: string, value: JsonValue, options: SetOptions = {}): Promise<void> {
      if (!loaded) {
        setRecord(undefined, key, value, options, now()); // throws on bad input right away
        return opening.then(() => store.set(key, value, options));
      }
      return commitLocal(key, setRecord(records.get(key), key, value, options, now()));
    },

    /** Remove (spec §4): a tombstone that syncs, or with persist false an outright delete. */
    remove(key: string, options: RemoveOptions = {}): Promise<void> {
      if (!loaded) return opening.then(() => store.remove(key, options));
      const current = records.get(key);
      if (!current || (current.meta.removed && options.persist !== false)) return Promise.resolve();
      return commitLocal(key, removeRecord(current, options, now()));
    },

    /**
     * For the checksum demo: overwrites a stored value but not its checksum, as a fault on disk
     * would. The item then reads as absent until it is set again or a sync restores it.
     */
    tamper(key: string, value: JsonValue): Promise<void> {
      const current = records.get(key);
      if (!current) return Promise.resolve();
      applyToMemory(key, { ...current, value });
      notify();
      const db = database;
      if (!db) return Promise.resolve();
      const partition = owner;
      return track(
        db
          .put('items', { ...current, value, owner: partition })
          .then(() => broadcast({ owner: partition, keys: [key] })),
      );
    },

    /** Records to send in a snapshot: the corrupted ones stay home, the server would refuse them. */
    snapshotRecords(): KvRecord[] {
      return [...records.values()].filter(isIntact);
    },

    /**
     * Merges the server's snapshot into `expectedOwner`'s partition in one transaction: newer
     * entries are stored, and entries that read as absent and that the server holds are purged.
     */
    async applyServerSnapshot(
      expectedOwner: string,
      incoming: ReadonlyMap<string, KvRecord>,
    ): Promise<number> {
      await opening;
      if (owner !== expectedOwner) throw new OwnerChangedError();
      const instant = now();
      const countsBefore = new Map(changeCounts);
      const outcome = new Map<string, KvRecord | null>();
      const decide = (current: KvRecord | undefined, record: KvRecord) => {
        const decision = resolveIncoming(current, record, instant);
        if (decision !== 'unchanged') outcome.set(record.key, decision === 'store' ? record : null);
        return decision;
      };
      const db = database;
      if (db) {
        const tx = db.transaction('items', 'readwrite');
        const stored = await tx.store.index('owner').getAll(expectedOwner);
        const current = new Map(stored.map((raw) => [raw.key, parseStoredRecord(raw) ?? undefined]));
        for (const record of incoming.values()) {
          const decision = decide(current.get(record.key), record);
          if (decision === 'store') void tx.store.put({ ...record, owner: expectedOwner });
          if (decision === 'drop') void tx.store.delete([expectedOwner, record.key]);
        }
        await tx.done;
      } else {
        for (const record of incoming.values()) decide(records.get(record.key), record);
      }
      if (owner === expectedOwner) applyRead(outcome, countsBefore);
      if (outcome.size > 0) broadcast({ owner: expectedOwner, keys: [...outcome.keys()] });
      return outcome.size;
    },

    /**
     * Makes `next` the active owner. Signing in adopts the items stored before sign-in into the
     * user's partition (newer wins); a user's items leave the device when they sign out (or
     * another user signs in): the server backup keeps them for the next sign-in.
     */
    async switchOwner(next: string): Promise<void> {
      await opening;
      if (next === owner) return;
      const previous = owner;
      const db = database;
      if (!db) {
        const adopted = owner === ANONYMOUS_OWNER ? records : new Map<string, KvRecord>();
        owner = next;
        records = adopted;
        changeCounts.clear();
        notify();
        return;
      }
      await Promise.allSettled([...pendingWrites]);
      const tx = db.transaction(['items', 'state'], 'readwrite');
      const items = tx.objectStore('items');
      if (next !== ANONYMOUS_OWNER) {
        const [anonymous, own] = await Promise.all([
          items.index('owner').getAll(ANONYMOUS_OWNER),
          items.index('owner').getAll(next),
        ]);
        const current = new Map(own.map((raw) => [raw.key, parseStoredRecord(raw) ?? undefined]));
        for (const raw of anonymous) {
          const record = parseStoredRecord(raw);
          if (record && mergeRecord(current.get(record.key), record) === record) {
            void items.put({ ...record, owner: next });
          }
          void items.delete([ANONYMOUS_OWNER, raw.key]);
        }
      }
      if (previous !== ANONYMOUS_OWNER) {
        for (const key of await items.index('owner').getAllKeys(previous)) void items.delete(key);
      }
      void tx.objectStore('state').put(next, 'activeOwner');
      await tx.done;
      const fresh = await readPartition(db, next);
      owner = next;
      records = fresh;
      changeCounts.clear();
      notify();
      broadcast({ owner: ANONYMOUS_OWNER, all: true });
      if (next !== ANONYMOUS_OWNER) broadcast({ owner: next, all: true });
    },

    /** Resolves when every change made so far is on disk. */
    async flush(): Promise<void> {
      await opening;
      await Promise.allSettled([...pendingWrites]);
    },

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Changes whenever what the store holds changes (for useSyncExternalStore). */
    getVersion: (): number => version,

    /** Called after each set or remove made here (not for merges from a sync). */
    onLocalChange(listener: () => void): () => void {
      localChangeListeners.add(listener);
      return () => localChangeListeners.delete(listener);
    },

    async close(): Promise<void> {
      await store.flush();
      channel?.close();
      database?.close();
    },
  };
  return store;
}

export type KvStore = ReturnType<typeof createKvStore>;
