import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRecord } from '#shared/kv/kv-transitions';
import { openKvDatabase } from './kv-database';
import { createKvStore, type KvStore, OwnerChangedError } from './kv-store';

const T0 = Date.parse('2026-05-01T08:00:00.000Z');
let clock = T0;
const now = () => new Date(clock);

let counter = 0;
const opened: KvStore[] = [];
/** A store on a fresh database; pass `name` to open a second tab of the same one. */
function openStore(name = `kv-test-${++counter}`) {
  const store = createKvStore({ name, now });
  opened.push(store);
  return { store, name };
}

afterEach(async () => {
  clock = T0;
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe('kv store', () => {
  it('reads nothing before the first load, then answers at once from memory', async () => {
    const { store } = openStore();
    expect(store.isReady()).toBe(false);
    expect(store.get('a')).toBeUndefined();
    await store.ready();
    void store.set('a', { n: 1 });
    expect(store.get('a')).toEqual({ n: 1 }); // no await: instant
  });

  it('keeps items on disk for the next page load', async () => {
    const { store, name } = openStore();
    await store.ready();
    await store.set('kept', 'yes');
    await store.set('gone', 'soon');
    await store.remove('gone');
    await store.close();
    const { store: reloaded } = openStore(name);
    await reloaded.ready();
    expect(reloaded.get('kept')).toBe('yes');
    expect(reloaded.get('gone')).toBeUndefined();
    expect(reloaded.item('gone')?.meta).toMatchObject({ removed: true, persist: true });
  });

  it('applies a set made before the first load once it is loaded', async () => {
    const { store } = openStore();
    const written = store.set('early', 1);
    expect(() => store.set('', 1)).toThrow(/empty/);
    await written;
    expect(store.get('early')).toBe(1);
  });

  it('removes with a tombstone that syncs, or outright with persist false', async () => {
    const { store } = openStore();
    await store.ready();
    await store.set('a', 1);
    await store.set('b', 2);
    await store.remove('a');
    await store.remove('b', { persist: false });
    expect(store.items().map((item) => [item.key, item.value, item.meta.removed])).toEqual([
      ['a', null, true],
    ]);
    expect(store.snapshotRecords().map((record) => record.key)).toEqual(['a']);
  });

  it('reads expired items as absent while listing them as expired', async () => {
    const { store } = openStore();
    await store.ready();
    await store.set('short', 'lived', { ttl: 5 });
    expect(store.get('short')).toBe('lived');
    clock += 5_000;
    expect(store.get('short')).toBeUndefined();
    expect(store.item('short')?.meta.expired).toBe(true);
  });

  it('tells subscribers and local-change listeners about changes', async () => {
    const { store } = openStore();
    await store.ready();
    const changed = vi.fn();
    const local = vi.fn();
    store.changes.subscribe(changed);
    store.onLocalChange(local);
    const { version } = store.changes.getState();
    await store.set('a', 1);
    expect(store.changes.getState().version).toBeGreaterThan(version);
    expect(changed).toHaveBeenCalled();
    expect(local).toHaveBeenCalledTimes(1);
  });

  it('propagates changes to other tabs of the same store', async () => {
    const { store: first, name } = openStore();
    const { store: second } = openStore(name);
    await Promise.all([first.ready(), second.ready()]);
    const heard = vi.fn();
    second.changes.subscribe(heard);
    await first.set('shared', 'from the first tab');
    await vi.waitFor(() => expect(second.get('shared')).toBe('from the first tab'));
    expect(heard).toHaveBeenCalled();
    await second.remove('shared', { persist: false });
    await vi.waitFor(() => expect(first.item('shared')).toBeUndefined());
  });

  it("detects a value changed at rest and lets the server's version repair it", async () => {
    const { store } = openStore();
    await store.ready();
    await store.set('precious', 'original');
    const backup = new Map([['precious', store.snapshotRecords()[0]!]]);
    const tampered = store.tamper('precious', 'bit flip');
    // It reads as damaged once the damage is on disk, where a reload finds it.
    expect(store.get('precious')).toBe('original');
    await tampered;
    expect(store.get('precious')).toBeUndefined();
    expect(store.item('precious')?.value).toBe('bit flip');
    expect(store.snapshotRecords()).toEqual([]); // the server would refuse it
    expect(await store.applyServerSnapshot('', backup)).toBe(1);
    expect(store.get('precious')).toBe('original');
  });

  it('skips records on disk that are no longer records, and says so', async () => {
    const { name } = openStore();
    const database = await openKvDatabase(name);
    const good = setRecord(undefined, 'good', 1, {}, now());
    await database.put('items', { ...good, owner: '' });
    await database.put('items', { owner: '', key: 'bad', value: 1, meta: { nonsense: true } } as never);
    database.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store } = openStore(name);
    await store.ready();
    expect(store.items().map((item) => item.key)).toEqual(['good']);
    expect(warn).toHaveBeenCalledWith('[kv] skipped an unreadable stored item', expect.anything());
    warn.mockRestore();
  });

  describe('owners', () => {
    it('a user who signs out leaves nothing of theirs on the device; the active owner survives a reload', async () => {
      const { store, name } = openStore();
      await store.ready();
      await store.switchOwner('ann');
      await store.set('draft', "ann's");
      expect(store.owner()).toBe('ann');

      await store.close();
      const { store: reloaded } = openStore(name);
      await reloaded.ready();
      expect(reloaded.owner()).toBe('ann');
      expect(reloaded.get('draft')).toBe("ann's");

      await reloaded.switchOwner('');
      expect(reloaded.items()).toEqual([]);
      const database = await openKvDatabase(name);
      expect(await database.getAll('items')).toEqual([]);
      database.close();
      await reloaded.switchOwner('ann');
      expect(reloaded.items()).toEqual([]);
    });

    it("another user's sign-in takes the previous user's items off the device too", async () => {
      const { store, name } = openStore();
      await store.ready();
      await store.switchOwner('ann');
      await store.set('k', "ann's");
      await store.switchOwner('bob');
      expect(store.items()).toEqual([]);
      const database = await openKvDatabase(name);
      expect(await database.getAll('items')).toEqual([]);
      database.close();
    });
  });

  describe('what the backup holds', () => {
    const snapshotOf = (store: KvStore, keys?: string[]) =>
      new Map(
        store
          .snapshotRecords()
          .filter((record) => !keys || keys.includes(record.key))
          .map((record) => [record.key, record]),
      );

    it("knows which of the user's items the backup holds as they are here, after a reload and in every tab", async () => {
      const { store: first, name } = openStore();
      await first.ready();
      await first.switchOwner('ann');
      await first.set('a', 1);
      await first.set('b', 2);
      await first.set('c', 3);
      await first.remove('c');
      expect(first.unbackedKeys()).toEqual(['a', 'b', 'c']); // a removal counts: it would be undone

      await first.applyServerSnapshot('ann', snapshotOf(first, ['a', 'c']));
      expect(first.unbackedKeys()).toEqual(['b']);
      const { store: second } = openStore(name);
      await second.ready();
      expect(second.unbackedKeys()).toEqual(['b']);

      await first.set('a', 'changed');
      expect(first.unbackedKeys()).toEqual(['a', 'b']);
      await vi.waitFor(() => expect(second.unbackedKeys()).toEqual(['a', 'b']));

      await first.applyServerSnapshot('ann', snapshotOf(first));
      expect(first.unbackedKeys()).toEqual([]);
      await vi.waitFor(() => expect(second.unbackedKeys()).toEqual([]));
      await first.close();
      const { store: reloaded } = openStore(name);
      await reloaded.ready();
      expect(reloaded.unbackedKeys()).toEqual([]);

      // The snapshot is the whole backup: an item it no longer holds is not backed up any more.
      await reloaded.applyServerSnapshot('ann', snapshotOf(reloaded, ['a']));
      expect(reloaded.unbackedKeys()).toEqual(['b']);
    });

    it('still counts a change made after the snapshot that the backup answered was taken', async () => {
      const { store } = openStore();
      await store.ready();
      await store.switchOwner('ann');
      await store.set('note', 'first draft');
      const sent = snapshotOf(store);
      clock += 1;
      await store.set('note', 'second draft'); // while the snapshot is on its way
      await store.applyServerSnapshot('ann', sent);
      expect(store.get('note')).toBe('second draft');
      expect(store.unbackedKeys()).toEqual(['note']);
    });

    it('no longer counts an item as backed up once the backup holds an older version of it', async () => {
      // The server forgets old tombstones, so another device can bring back a version older than
      // the one the backup held before.
      const { store, name } = openStore();
      await store.ready();
      await store.switchOwner('ann');
      const older = setRecord(undefined, 'note', 'older draft', {}, now());
      clock += 1;
      await store.set('note', 'newer draft');
      await store.applyServerSnapshot('ann', snapshotOf(store));
      expect(store.unbackedKeys()).toEqual([]);
      await store.applyServerSnapshot('ann', new Map([['note', older]]));
      expect(store.get('note')).toBe('newer draft');
      expect(store.unbackedKeys()).toEqual(['note']);
      await store.close();
      const { store: reloaded } = openStore(name);
      await reloaded.ready();
      expect(reloaded.unbackedKeys()).toEqual(['note']);
    });

    it('leaves out what has nothing to lose (expired, changed at rest) and what nobody signed in owns', async () => {
      const { store } = openStore();
      await store.ready();
      await store.set('signed out', 1);
      expect(store.unbackedKeys()).toEqual([]);
      await store.switchOwner('ann');
      await store.set('short', 'lived', { ttl: 5 });
      await store.set('flipped', 'original');
      await store.tamper('flipped', 'bit flip');
      expect(store.unbackedKeys()).toEqual(['short']);
      clock += 5_000;
      expect(store.unbackedKeys()).toEqual([]);
    });

    it('works the same in memory, without IndexedDB', async () => {
      vi.stubGlobal('indexedDB', undefined);
      try {
        const { store } = openStore();
        await store.ready();
        await store.switchOwner('ann');
        await store.set('a', 1);
        await store.set('b', 2);
        await store.applyServerSnapshot('ann', snapshotOf(store, ['a']));
        expect(store.unbackedKeys()).toEqual(['b']);
        await store.applyServerSnapshot('ann', snapshotOf(store, ['b']));
        expect(store.unbackedKeys()).toEqual(['a']);
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });

  describe('items stored before sign-in', () => {
    /** A store with `kept` and `short` (expiring in 5 s) stored signed out, and `gone` removed. */
    async function withAnonymousItems() {
      const opened = openStore();
      const { store } = opened;
      await store.ready();
      await store.set('kept', 'typed signed out');
      await store.set('short', 'lived', { ttl: 5 });
      await store.set('gone', 'soon');
      await store.remove('gone');
      return opened;
    }

    /** Two tabs of such a store, both signed in as ann. */
    async function twoTabsSignedIn() {
      const { store: first, name } = await withAnonymousItems();
      const { store: second } = openStore(name);
      await second.ready();
      await Promise.all([first.switchOwner('ann'), second.switchOwner('ann')]);
      return { first, second, name };
    }
    const keysOf = (items: { key: string }[]) => items.map((item) => item.key);

    it('stay apart at sign-in: listed for the user (live ones only), not in their items, also after a reload', async () => {
      const { store, name } = await withAnonymousItems();
      expect(store.anonymousItems()).toEqual([]); // nobody signed in: they are simply the items
      await store.switchOwner('ann');
      expect(store.items()).toEqual([]);
      expect(store.get('kept')).toBeUndefined();
      expect(keysOf(store.anonymousItems())).toEqual(['kept', 'short']);
      expect(store.anonymousItems()[0]?.value).toBe('typed signed out');
      clock += 5_000;
      expect(keysOf(store.anonymousItems())).toEqual(['kept']);

      await store.close();
      const { store: reloaded } = openStore(name);
      await reloaded.ready();
      expect(keysOf(reloaded.anonymousItems())).toEqual(['kept']);
      await reloaded.switchOwner('');
      expect(reloaded.get('kept')).toBe('typed signed out');
      expect(reloaded.anonymousItems()).toEqual([]);
    });

    it('adopting moves the live ones into the account, newer wins, and drops the rest without touching the account', async () => {
      const { store, name } = openStore();
      await store.ready();
      const database = await openKvDatabase(name);
      const put = (owner: string, key: string, value: string) =>
        database.put('items', { ...setRecord(undefined, key, value, {}, now()), owner });
      await put('ann', 'older-in-account', "ann's, older");
      await put('ann', 'removed-signed-out', "ann's, kept");
      clock += 1000;
      await store.set('older-in-account', 'signed out, newer');
      await store.set('removed-signed-out', 'x');
      await store.remove('removed-signed-out');
      await store.set('new', 'from before sign-in');
      await store.set('newer-in-account', 'signed out, older');
      clock += 1000;
      await put('ann', 'newer-in-account', "ann's, newer");
      await store.switchOwner('ann');
      expect(keysOf(store.anonymousItems())).toEqual(['new', 'newer-in-account', 'older-in-account']);

      expect(await store.adoptAnonymous('ann')).toBe(2);
      expect(store.get('new')).toBe('from before sign-in');
      expect(store.get('older-in-account')).toBe('signed out, newer');
      expect(store.get('newer-in-account')).toBe("ann's, newer");
      expect(store.get('removed-signed-out')).toBe("ann's, kept");
      expect(store.anonymousItems()).toEqual([]);
      expect(await database.getAllFromIndex('items', 'owner', '')).toEqual([]);
      database.close();
    });

    it('another tab sees adopted items at once, and its question goes away', async () => {
      const { first, second } = await twoTabsSignedIn();
      expect(keysOf(second.anonymousItems())).toEqual(['kept', 'short']);
      await first.adoptAnonymous('ann');
      await vi.waitFor(() => expect(second.get('kept')).toBe('typed signed out'));
      await vi.waitFor(() => expect(second.anonymousItems()).toEqual([]));
    });

    it('discarding deletes them from the device for good', async () => {
      const { first: store, second, name } = await twoTabsSignedIn();
      await store.discardAnonymous('ann');
      expect(store.anonymousItems()).toEqual([]);
      expect(store.items()).toEqual([]);
      await vi.waitFor(() => expect(second.anonymousItems()).toEqual([]));
      await store.switchOwner('');
      const database = await openKvDatabase(name);
      expect(await database.getAll('items')).toEqual([]);
      database.close();
    });

    it('leaving them keeps them out of the account, unasked until the next sign-out, in every tab', async () => {
      const { first: store, second, name } = await twoTabsSignedIn();
      await store.leaveAnonymous('ann');
      expect(store.anonymousItems()).toEqual([]);
      expect(store.items()).toEqual([]);
      await vi.waitFor(() => expect(second.anonymousItems()).toEqual([]));

      await store.close();
      const { store: reloaded } = openStore(name);
      await reloaded.ready();
      expect(reloaded.anonymousItems()).toEqual([]);
      // Someone else signing in is asked.
      await reloaded.switchOwner('bob');
      expect(keysOf(reloaded.anonymousItems())).toEqual(['kept', 'short']);
      await reloaded.leaveAnonymous('bob');
      // Signed out, they are the items again; the next sign-in asks again.
      await reloaded.switchOwner('');
      expect(reloaded.get('kept')).toBe('typed signed out');
      await reloaded.switchOwner('bob');
      expect(keysOf(reloaded.anonymousItems())).toEqual(['kept', 'short']);
    });

    it('answers only for the signed-in user who was asked', async () => {
      const { store } = await withAnonymousItems();
      await expect(store.adoptAnonymous('')).rejects.toBeInstanceOf(OwnerChangedError);
      await expect(store.discardAnonymous('')).rejects.toBeInstanceOf(OwnerChangedError);
      await store.switchOwner('bob');
      await expect(store.adoptAnonymous('ann')).rejects.toBeInstanceOf(OwnerChangedError);
      await expect(store.leaveAnonymous('ann')).rejects.toBeInstanceOf(OwnerChangedError);
      expect(keysOf(store.anonymousItems())).toEqual(['kept', 'short']);
    });

    it('an answer given in a tab that has not yet heard of a sign-out in another changes nothing', async () => {
      const { first: stale, second: current, name } = await twoTabsSignedIn();
      await current.switchOwner('');
      await expect(stale.adoptAnonymous('ann')).rejects.toBeInstanceOf(OwnerChangedError);
      await expect(stale.discardAnonymous('ann')).rejects.toBeInstanceOf(OwnerChangedError);
      await expect(stale.leaveAnonymous('ann')).rejects.toBeInstanceOf(OwnerChangedError);
      const database = await openKvDatabase(name);
      expect(await database.getAllFromIndex('items', 'owner', 'ann')).toEqual([]);
      expect(await database.get('state', 'anonymousLeftBy')).toBeUndefined();
      database.close();
      expect(current.get('kept')).toBe('typed signed out');
      await current.switchOwner('ann');
      expect(keysOf(current.anonymousItems())).toEqual(['kept', 'short']);
    });

    it('work the same without IndexedDB, in memory', async () => {
      // As in a browser that refuses storage (private windows in some browsers).
      vi.stubGlobal('indexedDB', {
        open() {
          throw new DOMException('The user denied permission to access the database.', 'InvalidStateError');
        },
      });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const { store } = await withAnonymousItems();
        expect(warn).toHaveBeenCalledWith(
          expect.stringMatching(/IndexedDB is unavailable/),
          expect.anything(),
        );
        await store.switchOwner('ann');
        expect(store.items()).toEqual([]);
        expect(keysOf(store.anonymousItems())).toEqual(['kept', 'short']);
        await store.leaveAnonymous('ann');
        expect(store.anonymousItems()).toEqual([]);
        await store.switchOwner('');
        expect(store.get('kept')).toBe('typed signed out');
        await store.switchOwner('ann');
        expect(await store.adoptAnonymous('ann')).toBe(2);
        expect(store.get('kept')).toBe('typed signed out');
        await store.switchOwner('');
        expect(store.items()).toEqual([]);
      } finally {
        vi.unstubAllGlobals();
        warn.mockRestore();
      }
    });

    it('open quietly, empty and in memory, where there is no IndexedDB at all (a server render)', async () => {
      vi.stubGlobal('indexedDB', undefined);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const { store } = openStore();
        await store.ready();
        expect(store.items()).toEqual([]);
        await store.set('a', 1);
        expect(store.get('a')).toBe(1);
        expect(warn).not.toHaveBeenCalled();
      } finally {
        vi.unstubAllGlobals();
        warn.mockRestore();
      }
    });

    it("refuses to merge a sync into another owner's items", async () => {
      const { store } = openStore();
      await store.ready();
      await expect(store.applyServerSnapshot('ann', new Map())).rejects.toBeInstanceOf(OwnerChangedError);
    });
  });
});
