import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRecord } from '../../shared/kv/kv-transitions';
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
    store.subscribe(changed);
    store.onLocalChange(local);
    const version = store.getVersion();
    await store.set('a', 1);
    expect(store.getVersion()).toBeGreaterThan(version);
    expect(changed).toHaveBeenCalled();
    expect(local).toHaveBeenCalledTimes(1);
  });

  it('propagates changes to other tabs of the same store', async () => {
    const { store: first, name } = openStore();
    const { store: second } = openStore(name);
    await Promise.all([first.ready(), second.ready()]);
    const heard = vi.fn();
    second.subscribe(heard);
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
    await store.tamper('precious', 'bit flip');
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
    it('adopts items stored before sign-in; a user who signs out leaves nothing on the device', async () => {
      const { store, name } = openStore();
      await store.ready();
      await store.set('draft', 'written before signing in');
      await store.switchOwner('ann');
      expect(store.owner()).toBe('ann');
      expect(store.get('draft')).toBe('written before signing in');

      // The active owner survives a reload.
      await store.close();
      const { store: reloaded } = openStore(name);
      await reloaded.ready();
      expect(reloaded.owner()).toBe('ann');
      expect(reloaded.get('draft')).toBe('written before signing in');

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

    it('keeps the newer version when an adopted item meets the same key (items an earlier version left)', async () => {
      const { store, name } = openStore();
      await store.ready();
      const database = await openKvDatabase(name);
      await database.put('items', { ...setRecord(undefined, 'k', 'ann, older', {}, now()), owner: 'ann' });
      database.close();
      clock += 1000;
      await store.set('k', 'anonymous, newer');
      await store.switchOwner('ann');
      expect(store.get('k')).toBe('anonymous, newer');
    });

    it("refuses to merge a sync into another owner's items", async () => {
      const { store } = openStore();
      await store.ready();
      await expect(store.applyServerSnapshot('ann', new Map())).rejects.toBeInstanceOf(OwnerChangedError);
    });
  });
});
