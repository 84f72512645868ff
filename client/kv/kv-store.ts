// The local key-value store (spec §3, §4): the active owner's items live in memory for instant
// reads once loaded, every change is written through to IndexedDB, and other tabs hear of it on a
// BroadcastChannel and re-read what changed. Sync (kv-sync.ts) merges the server's snapshot in.
// Items stored before sign-in wait aside until the signed-in user adopts, leaves or discards them.
// The store knows which of the signed-in user's items the server's backup holds as they are here
// (marked on disk, so it survives a reload and other tabs see it): signing out asks before losing the rest.
import { createStore } from 'zustand/vanilla';
import { isIntact, type KvItem, type KvRecord } from '#shared/kv/kv-item';
import { compareRecords, mergeRecord } from '#shared/kv/kv-merge';
import {
  expire,
  isExpired,
  isLive,
  type RemoveOptions,
  removeRecord,
  resolveIncoming,
  type SetOptions,
  setRecord,
} from '#shared/kv/kv-transitions';
import type { JsonValue } from '#shared/kv/kv-value';
import {
  ANONYMOUS_OWNER,
  isStoredBackedUp,
  type KvDatabase,
  type KvWriteTransaction,
  openKvDatabase,
  parseStoredRecord,
} from './kv-database';

export interface KvStoreOptions {
  /** Names the IndexedDB database and the BroadcastChannel. */
  name?: string;
  now?: () => Date;
}

/** The partition changed before a sync's merge or an answer about anonymous items applied; nothing was. */
export class OwnerChangedError extends Error {
  constructor() {
    super('the signed-in user changed');
    this.name = 'OwnerChangedError';
  }
}

type KvMessage = { owner: string; keys: string[] } | { owner: string; all: true };

const byKey = (a: KvRecord, b: KvRecord) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export function createKvStore({ name = 'sift-kv', now = () => new Date() }: KvStoreOptions = {}) {
  let database: KvDatabase | null = null;
  let owner = ANONYMOUS_OWNER;
  let records = new Map<string, KvRecord>();
  /** Keys of the active user's items whose version here is the one the server's backup holds. */
  let backedUp = new Set<string>();
  /** While a user is signed in: the items stored before sign-in, which only that user may adopt. */
  let anonymous = new Map<string, KvRecord>();
  /** The user who chose to keep the anonymous items out of their account, until the next sign-out. */
  let anonymousLeftBy: string | null = null;
  let loaded = false;
  /** The items live in the closure; the store's state only counts changes, so readers re-read. */
  const changes = createStore(() => ({ version: 0, localChanges: 0 }));
  /** Bumped whenever this tab changes a key in memory, so a read that started earlier cannot undo it. */
  const changeCounts = new Map<string, number>();
  const pendingWrites = new Set<Promise<unknown>>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;

  function notify() {
    changes.setState((s) => ({ version: s.version + 1 }));
  }

  /** `inBackup`: the server's backup holds this version of the item. */
  function applyToMemory(key: string, record: KvRecord | null, inBackup = false) {
    changeCounts.set(key, (changeCounts.get(key) ?? 0) + 1);
    if (record) records.set(key, record);
    else records.delete(key);
    if (record && inBackup) backedUp.add(key);
    else backedUp.delete(key);
  }

  /**
   * Applies what was read from disk (`inBackup`: the keys whose version there the backup holds),
   * skipping keys this tab changed after `countsBefore` was taken.
   */
  function applyRead(
    fresh: Map<string, KvRecord | null>,
    countsBefore: Map<string, number>,
    inBackup: ReadonlySet<string> = new Set(),
  ) {
    let changed = false;
    for (const [key, record] of fresh) {
      if (changeCounts.get(key) !== countsBefore.get(key)) continue;
      if (record === (records.get(key) ?? null) && backedUp.has(key) === inBackup.has(key)) continue;
      applyToMemory(key, record, inBackup.has(key));
      changed = true;
    }
    if (changed) notify();
  }

  async function readPartition(
    db: KvDatabase,
    partition: string,
  ): Promise<{ items: Map<string, KvRecord>; inBackup: Set<string> }> {
    const stored = await db.getAllFromIndex('items', 'owner', partition);
    const items = new Map<string, KvRecord>();
    const inBackup = new Set<string>();
    for (const raw of stored) {
      const record = parseStoredRecord(raw);
      if (!record) {
        console.warn('[kv] skipped an unreadable stored item', raw);
        continue;
      }
      items.set(record.key, record);
      if (isStoredBackedUp(raw)) inBackup.add(record.key);
    }
    return { items, inBackup };
  }

  async function readAnonymous(db: KvDatabase) {
    const [{ items }, leftBy] = await Promise.all([
      readPartition(db, ANONYMOUS_OWNER),
      db.get('state', 'anonymousLeftBy'),
    ]);
    return { items, leftBy: leftBy ?? null };
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
    // A server render (docs/rendering.md) has no IndexedDB: it draws the page with nothing stored,
    // quietly. Not import.meta.env.SSR: Vitest sets it for every module of a node-environment test.
    if (typeof indexedDB !== 'undefined') {
      try {
        database = await openKvDatabase(name);
        owner = (await database.get('state', 'activeOwner')) ?? ANONYMOUS_OWNER;
        ({ items: records, inBackup: backedUp } = await readPartition(database, owner));
        if (owner !== ANONYMOUS_OWNER) {
          ({ items: anonymous, leftBy: anonymousLeftBy } = await readAnonymous(database));
        }
      } catch (error) {
        console.warn('[kv] IndexedDB is unavailable: stored items last only while this page is open', error);
        database = null;
      }
    }
    loaded = true;
    notify();
  })();

  async function refresh(partition: string, keys: string[] | null) {
    const db = database;
    if (!db) return;
    const countsBefore = new Map(changeCounts);
    let fresh: Map<string, KvRecord | null>;
    let inBackup: Set<string>;
    if (keys) {
      const read = await Promise.all(keys.map((key) => db.get('items', [partition, key])));
      fresh = new Map(keys.map((key, i) => [key, read[i] ? parseStoredRecord(read[i]) : null]));
      inBackup = new Set(keys.filter((_, i) => isStoredBackedUp(read[i])));
    } else {
      const all = await readPartition(db, partition);
      fresh = new Map<string, KvRecord | null>([...records.keys()].map((key) => [key, null]));
      for (const [key, record] of all.items) fresh.set(key, record);
      inBackup = all.inBackup;
    }
    if (owner === partition) applyRead(fresh, countsBefore, inBackup);
  }

  /** Another tab changed the anonymous items (or the answer about them) while a user is signed in. */
  async function refreshAnonymous() {
    const db = database;
    const signedIn = owner;
    if (!db) return;
    const fresh = await readAnonymous(db);
    if (owner !== signedIn) return;
    anonymous = fresh.items;
    anonymousLeftBy = fresh.leftBy;
    notify();
  }

  if (channel) {
    channel.onmessage = (event: MessageEvent<KvMessage>) => {
      const message = event.data;
      if (!loaded) return;
      const reading =
        message.owner === owner
          ? refresh(message.owner, 'all' in message ? null : message.keys)
          : message.owner === ANONYMOUS_OWNER
            ? refreshAnonymous()
            : null;
      reading?.catch((error) => console.warn('[kv] could not read a change made in another tab', error));
    };
  }

  /**
   * An answer about the anonymous items is the signed-in user's, applied while that user is still
   * the active owner: here, and on disk in one transaction with the answer's writes, so a sign-out
   * in another tab can never leave adopted items behind nor delete the items it shows.
   */
  async function asSignedInUser(
    expectedOwner: string,
    onDisk: (tx: KvWriteTransaction) => Promise<void>,
    inMemory: () => void = () => {},
  ): Promise<void> {
    await opening;
    if (owner !== expectedOwner || owner === ANONYMOUS_OWNER) throw new OwnerChangedError();
    const db = database;
    if (!db) return inMemory();
    const tx = db.transaction(['items', 'state'], 'readwrite');
    const stillActive = (await tx.objectStore('state').get('activeOwner')) === expectedOwner;
    if (stillActive) await onDisk(tx);
    await tx.done;
    if (!stillActive) throw new OwnerChangedError();
  }

  /** The anonymous partition was emptied: here, and in the other tabs. */
  function anonymousCleared() {
    anonymous = new Map();
    notify();
    broadcast({ owner: ANONYMOUS_OWNER, all: true });
  }

  /** A change the user made here: memory at once, then disk, then the other tabs. */
  function commitLocal(key: string, record: KvRecord | null): Promise<void> {
    applyToMemory(key, record);
    changes.setState((s) => ({ version: s.version + 1, localChanges: s.localChanges + 1 }));
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
      return [...records.values()].sort(byKey).map((record) => expire(record, instant));
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
     * would. The item then reads as absent until it is set again or a sync restores it. It reads so
     * once the damage is on disk, so a page shown it damaged finds it damaged after a reload too.
     */
    tamper(key: string, value: JsonValue): Promise<void> {
      const current = records.get(key);
      if (!current) return Promise.resolve();
      const damaged = { ...current, value };
      const read = () => {
        applyToMemory(key, damaged);
        notify();
      };
      const db = database;
      if (!db) {
        read();
        return Promise.resolve();
      }
      const partition = owner;
      return track(
        db.put('items', { ...damaged, owner: partition }).then(() => {
          read();
          broadcast({ owner: partition, keys: [key] });
        }),
      );
    },

    /** Records to send in a snapshot: the corrupted ones stay home, the server would refuse them. */
    snapshotRecords(): KvRecord[] {
      return [...records.values()].filter(isIntact);
    },

    /**
     * Merges the server's snapshot into `expectedOwner`'s partition in one transaction: newer
     * entries are stored, and entries that read as absent and that the server holds are purged.
     * The snapshot is the whole backup: the items it holds in the version stored here are marked as
     * backed up, and those it does not hold no longer are. Answers how many items it changed or purged.
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
      const inBackup = new Set<string>();
      let changed = 0;
      /** Answers the record to store when the incoming one is new here or the current one's mark changes. */
      const decide = (current: KvRecord | undefined, record: KvRecord, known: boolean) => {
        const decision = resolveIncoming(current, record, instant);
        if (decision !== 'unchanged') {
          changed += 1;
          outcome.set(record.key, decision === 'store' ? record : null);
          if (decision === 'store') inBackup.add(record.key);
          return decision === 'store' ? record : null;
        }
        const held = !!current && isIntact(current) && compareRecords(current, record) === 0;
        if (held) inBackup.add(record.key);
        // A backup that held this version can come to hold an older one: it forgets old tombstones.
        if (!current || held === known) return null;
        outcome.set(record.key, current);
        return current;
      };
      const db = database;
      if (db) {
        const tx = db.transaction('items', 'readwrite');
        const stored = await tx.store.index('owner').getAll(expectedOwner);
        const current = new Map(stored.map((raw) => [raw.key, raw]));
        for (const record of incoming.values()) {
          const raw = current.get(record.key);
          const currentRecord = raw ? (parseStoredRecord(raw) ?? undefined) : undefined;
          const toStore = decide(currentRecord, record, isStoredBackedUp(raw));
          if (toStore) {
            void tx.store.put({
              ...toStore,
              owner: expectedOwner,
              ...(inBackup.has(toStore.key) && { backedUp: true }),
            });
          } else if (outcome.has(record.key)) void tx.store.delete([expectedOwner, record.key]);
        }
        for (const raw of stored) {
          const record = !incoming.has(raw.key) && isStoredBackedUp(raw) && parseStoredRecord(raw);
          if (!record) continue;
          outcome.set(record.key, record);
          void tx.store.put({ ...record, owner: expectedOwner });
        }
        await tx.done;
      } else {
        for (const record of incoming.values()) {
          decide(records.get(record.key), record, backedUp.has(record.key));
        }
        for (const key of backedUp) {
          if (!incoming.has(key)) outcome.set(key, records.get(key) ?? null);
        }
      }
      if (owner === expectedOwner) applyRead(outcome, countsBefore, inBackup);
      if (outcome.size > 0) broadcast({ owner: expectedOwner, keys: [...outcome.keys()] });
      return changed;
    },

    /**
     * Keys of the signed-in user's items whose latest change the server's backup does not hold
     * (sign-out deletes them from the device). Not the items that read as absent and have nothing
     * left to lose: expired ones and those whose value was changed at rest. Removals count: one not
     * backed up would bring the item back. Empty while nobody is signed in.
     */
    unbackedKeys(): string[] {
      if (owner === ANONYMOUS_OWNER) return [];
      const instant = now();
      return [...records.values()]
        .filter(
          (record) =>
            !backedUp.has(record.key) &&
            isIntact(record) &&
            (record.meta.removed || !isExpired(record, instant)),
        )
        .map((record) => record.key)
        .sort();
    },

    /**
     * Makes `next` the active owner. A user's items leave the device when they sign out (or another
     * user signs in): the server backup keeps them for the next sign-in. The items stored before
     * sign-in stay in their own partition: signing in only shows them to the user as
     * anonymousItems(), for the user to adopt, leave or discard.
     */
    async switchOwner(next: string): Promise<void> {
      await opening;
      if (next === owner) return;
      const previous = owner;
      const db = database;
      if (!db) {
        const aside = previous === ANONYMOUS_OWNER ? records : anonymous;
        records = next === ANONYMOUS_OWNER ? aside : new Map();
        backedUp = new Set();
        anonymous = next === ANONYMOUS_OWNER ? new Map() : aside;
        if (next === ANONYMOUS_OWNER) anonymousLeftBy = null;
        owner = next;
        changeCounts.clear();
        notify();
        return;
      }
      await Promise.allSettled([...pendingWrites]);
      const tx = db.transaction(['items', 'state'], 'readwrite');
      const items = tx.objectStore('items');
      if (previous !== ANONYMOUS_OWNER) {
        for (const key of await items.index('owner').getAllKeys(previous)) void items.delete(key);
      }
      const state = tx.objectStore('state');
      void state.put(next, 'activeOwner');
      // Signing out ends a choice to leave them out: whoever signs in next is asked again.
      if (next === ANONYMOUS_OWNER) void state.delete('anonymousLeftBy');
      await tx.done;
      const fresh = await readPartition(db, next);
      const aside = next === ANONYMOUS_OWNER ? null : await readAnonymous(db);
      owner = next;
      records = fresh.items;
      backedUp = fresh.inBackup;
      anonymous = aside?.items ?? new Map();
      anonymousLeftBy = aside?.leftBy ?? null;
      changeCounts.clear();
      notify();
    },

    /**
     * While a user is signed in, the live items stored on this device before sign-in, by key:
     * they wait for the user's answer. Empty when nobody is signed in or the user chose to leave them.
     */
    anonymousItems(): KvItem[] {
      if (owner === ANONYMOUS_OWNER || anonymousLeftBy === owner) return [];
      const instant = now();
      return [...anonymous.values()]
        .filter((record) => isLive(record, instant))
        .sort(byKey)
        .map((record) => expire(record, instant));
    },

    /**
     * Moves the live anonymous items into the signed-in user's partition (on a key both hold, the
     * newer version wins) and empties the anonymous partition. Removed, expired and corrupted ones
     * read as absent: they are dropped, never overriding the user's own version. Answers how many
     * items were adopted.
     */
    async adoptAnonymous(expectedOwner: string): Promise<number> {
      const instant = now();
      const countsBefore = new Map(changeCounts);
      const adopted = new Map<string, KvRecord>();
      const consider = (current: KvRecord | undefined, record: KvRecord) => {
        if (isLive(record, instant) && mergeRecord(current, record) === record) {
          adopted.set(record.key, record);
        }
      };
      await asSignedInUser(
        expectedOwner,
        async (tx) => {
          const items = tx.objectStore('items');
          const [left, own] = await Promise.all([
            items.index('owner').getAll(ANONYMOUS_OWNER),
            items.index('owner').getAll(expectedOwner),
          ]);
          const current = new Map(own.map((raw) => [raw.key, parseStoredRecord(raw) ?? undefined]));
          for (const raw of left) {
            const record = parseStoredRecord(raw);
            if (record) consider(current.get(record.key), record);
            void items.delete([ANONYMOUS_OWNER, raw.key]);
          }
          for (const record of adopted.values()) void items.put({ ...record, owner: expectedOwner });
        },
        () => {
          for (const record of anonymous.values()) consider(records.get(record.key), record);
        },
      );
      if (owner === expectedOwner) applyRead(adopted, countsBefore);
      anonymousCleared();
      if (adopted.size > 0) broadcast({ owner: expectedOwner, keys: [...adopted.keys()] });
      return adopted.size;
    },

    /** Deletes the anonymous items from the device, for good. */
    async discardAnonymous(expectedOwner: string): Promise<void> {
      await asSignedInUser(expectedOwner, async (tx) => {
        const items = tx.objectStore('items');
        for (const key of await items.index('owner').getAllKeys(ANONYMOUS_OWNER)) void items.delete(key);
      });
      anonymousCleared();
    },

    /**
     * Keeps the anonymous items out of the signed-in user's account without deleting them: they show
     * again to whoever uses the device signed out, and the question returns after the next sign-out.
     */
    async leaveAnonymous(expectedOwner: string): Promise<void> {
      await asSignedInUser(expectedOwner, async (tx) => {
        await tx.objectStore('state').put(expectedOwner, 'anonymousLeftBy');
      });
      anonymousLeftBy = expectedOwner;
      notify();
      broadcast({ owner: ANONYMOUS_OWNER, all: true });
    },

    /** Resolves when every change made so far is on disk. */
    async flush(): Promise<void> {
      await opening;
      await Promise.allSettled([...pendingWrites]);
    },

    /** Its `version` changes whenever what the store holds changes (for useStore). */
    changes,

    /** Called after each set or remove made here (not for merges from a sync). */
    onLocalChange(listener: () => void): () => void {
      return changes.subscribe((next, previous) => {
        if (next.localChanges !== previous.localChanges) listener();
      });
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
