import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toSnapshot } from '#shared/kv/kv-snapshot';
import { setRecord } from '#shared/kv/kv-transitions';
import { createBackupServerDouble } from '#tests/support/backup-server-double';
import { BackupRequestError, NotAuthenticatedError } from './backup-api';
import { createKvStore, type KvStore } from './kv-store';
import { type Connectivity, createKvSync, type KvSyncOptions, SessionEndedError } from './kv-sync';

function connectivityDouble(online: boolean) {
  const listeners = new Set<() => void>();
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    connectivity,
    go(next: boolean) {
      online = next;
      for (const listener of listeners) listener();
    },
  };
}

let counter = 0;
const cleanups: (() => unknown)[] = [];

function setUp(options: Partial<KvSyncOptions> & { online?: boolean } = {}) {
  const store = createKvStore({ name: `kv-sync-test-${++counter}` });
  const server = createBackupServerDouble();
  const network = connectivityDouble(options.online ?? true);
  const sync = createKvSync({
    store,
    api: server.api,
    connectivity: network.connectivity,
    debounceMs: 20,
    intervalMs: 60_000,
    retryMs: 20,
    ...options,
  });
  const stop = sync.start();
  cleanups.push(stop, () => store.close());
  return { store, server, network, sync };
}

afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.restoreAllMocks();
});

const keysOf = (store: KvStore) => store.items().map((item) => item.key);

describe('backup sync', () => {
  it("fails with 'not authenticated' without a session, asking nothing of the server", async () => {
    const { sync, server } = setUp();
    const failure = sync.sync();
    await expect(failure).rejects.toBeInstanceOf(NotAuthenticatedError);
    await expect(failure).rejects.toThrow('not authenticated');
    expect(sync.getState().lastResult).toMatchObject({ ok: false, error: 'not authenticated' });
    expect(server.calls).toEqual([]);
  });

  it("syncs on sign-in into the user's own items, leaving the items stored before sign-in out", async () => {
    const { store, server, sync } = setUp();
    await store.set('before sign-in', 1);
    await server.api.postSnapshot(
      'ann',
      toSnapshot([setRecord(undefined, 'in the backup', 2, {}, new Date())]),
    );
    await sync.setSession({ id: 'ann' });
    await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
    expect(store.owner()).toBe('ann');
    expect(keysOf(store)).toEqual(['in the backup']);
    expect([...server.snapshot('ann').keys()]).toEqual(['in the backup']);
    expect(store.anonymousItems().map((item) => item.key)).toEqual(['before sign-in']);
    expect(sync.getState()).toMatchObject({ signedIn: true, online: true, syncing: false });
  });

  it('adopting the items stored before sign-in backs them up at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { store, server, sync } = setUp({ debounceMs: 60_000 });
    await store.set('before sign-in', 1);
    await sync.setSession({ id: 'ann' });
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    await sync.answerAnonymous('adopt');
    // No timer runs: the sync follows the answer, not the debounce of local changes.
    await vi.waitFor(() => expect([...server.snapshot('ann').keys()]).toEqual(['before sign-in']));
    expect(store.get('before sign-in')).toBe(1);
    expect(store.anonymousItems()).toEqual([]);
  });

  it('leaving or discarding them keeps them out of the backup', async () => {
    const { store, server, sync } = setUp();
    await store.set('left', 1);
    await sync.setSession({ id: 'ann' });
    await sync.answerAnonymous('leave');
    expect(store.anonymousItems()).toEqual([]);
    await sync.sync();
    expect([...server.snapshot('ann').keys()]).toEqual([]);
    await sync.setSession(null);
    expect(store.get('left')).toBe(1);
    await sync.setSession({ id: 'ann' });
    expect(store.anonymousItems().map((item) => item.key)).toEqual(['left']);
    await sync.answerAnonymous('discard');
    await sync.sync();
    expect([...server.snapshot('ann').keys()]).toEqual([]);
    await sync.setSession(null);
    expect(keysOf(store)).toEqual([]);
  });

  it('answers about them only for the user who was asked', async () => {
    const { store, server, sync } = setUp();
    await store.set('before sign-in', 1);
    await expect(sync.answerAnonymous('adopt')).rejects.toBeInstanceOf(NotAuthenticatedError);
    expect(store.get('before sign-in')).toBe(1);
    await sync.setSession({ id: 'ann' });
    // Bob signs in while Ann's answer is under way: it is Ann's or nobody's, never Bob's.
    const switching = sync.setSession({ id: 'bob' });
    await Promise.allSettled([sync.answerAnonymous('adopt')]);
    await switching;
    expect(store.get('before sign-in')).toBeUndefined();
    await sync.sync();
    expect([...server.snapshot('bob').keys()]).toEqual([]);
  });

  it('syncs once, shortly after a burst of local changes', async () => {
    const { store, server, sync } = setUp();
    await sync.setSession({ id: 'ann' });
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    for (const key of ['a', 'b', 'c']) await store.set(key, key);
    await vi.waitFor(() => expect(server.calls).toHaveLength(4));
    expect([...server.snapshot('ann').keys()].sort()).toEqual(['a', 'b', 'c']);
  });

  it('syncs on a timer to pick up changes from other devices', async () => {
    const { store, server, sync } = setUp({ intervalMs: 40 });
    await sync.setSession({ id: 'ann' });
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThanOrEqual(2));
    const elsewhere = setRecord(undefined, 'from elsewhere', true, {}, new Date());
    await server.api.postSnapshot('ann', toSnapshot([elsewhere]));
    await vi.waitFor(() => expect(store.get('from elsewhere')).toBe(true));
  });

  it('keeps offline changes and sends them on reconnect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { store, server, sync, network } = setUp({ online: false });
    await sync.setSession({ id: 'ann' });
    await store.set('offline', 'change');
    // Past the debounce, a retry and the periodic sync: none of them calls while offline.
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(server.calls).toEqual([]);
    expect(sync.getState().online).toBe(false);
    network.go(true);
    await vi.waitFor(() => expect([...server.snapshot('ann').keys()]).toEqual(['offline']));
  });

  it('reports other failures to the console and retries them', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server, sync, store } = setUp();
    server.failWith(new BackupRequestError(503, 'Service Unavailable'), new Error('network down'));
    await sync.setSession({ id: 'ann' });
    await store.set('a', 1);
    await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0]![0]).toMatch(/backup sync failed; retrying/);
    expect([...server.snapshot('ann').keys()]).toEqual(['a']);
  });

  it('marks a refusal by the server, which a retry cannot fix, apart from a passing failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server, sync } = setUp();
    await sync.setSession({ id: 'ann' });
    await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
    server.failWith(new BackupRequestError(503, 'Service Unavailable'));
    await expect(sync.sync()).rejects.toThrow('Service Unavailable');
    expect(sync.getState().lastResult).toMatchObject({ ok: false, error: 'Service Unavailable' });
    expect(sync.getState().lastResult?.refused).toBeUndefined();
    server.failWith(new BackupRequestError(403, 'This request comes from elsewhere.'));
    await expect(sync.sync()).rejects.toThrow('elsewhere');
    expect(sync.getState().lastResult).toMatchObject({ ok: false, refused: true });
  });

  it('stops and reports a stale session when the server no longer knows it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { server, sync } = setUp();
    const stale = vi.fn();
    sync.onStaleSession(stale);
    server.failWith(new NotAuthenticatedError());
    await sync.setSession({ id: 'ann' });
    await vi.waitFor(() => expect(stale).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalledWith('[kv] backup sync stopped: not authenticated');
    expect(sync.getState().lastResult).toMatchObject({ ok: false, error: 'not authenticated' });
    // Far past the retry delay (20 ms), short of the periodic sync (60 s): no retry.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls).toEqual(['GET']);
  });

  describe('backing up before sign-out', () => {
    it('answers that everything is backed up once the sync has sent it', async () => {
      const { store, server, sync } = setUp({ debounceMs: 60_000 });
      await sync.setSession({ id: 'ann' });
      await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
      await store.set('a', 1);
      await store.remove('a');
      await store.set('b', 2);
      expect(store.unbackedKeys()).toEqual(['a', 'b']);
      expect(await sync.backUp({ waitMs: 3_000 })).toEqual({ unbacked: [] });
      expect([...server.snapshot('ann').keys()].sort()).toEqual(['a', 'b']);
    });

    it('names what the backup lacks and why: refused, failed, offline', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { store, server, sync, network } = setUp({ debounceMs: 60_000, retryMs: 60_000 });
      await sync.setSession({ id: 'ann' });
      await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
      await store.set('a', 1);
      server.failWith(new BackupRequestError(413, 'The snapshot is too large.'));
      expect(await sync.backUp({ waitMs: 3_000 })).toEqual({
        unbacked: ['a'],
        problem: { kind: 'refused', message: 'The snapshot is too large.' },
      });
      server.failWith(new BackupRequestError(503, 'Service Unavailable'));
      expect(await sync.backUp({ waitMs: 3_000 })).toEqual({
        unbacked: ['a'],
        problem: { kind: 'failed', message: 'Service Unavailable' },
      });
      network.go(false);
      server.failWith(new TypeError('Failed to fetch'));
      expect(await sync.backUp({ waitMs: 3_000 })).toEqual({ unbacked: ['a'], problem: { kind: 'offline' } });
    });

    it('counts a sync still running after the wait as not backed up, until it is done', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { store, server, sync } = setUp({ debounceMs: 60_000 });
      await sync.setSession({ id: 'ann' });
      await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
      await store.set('a', 1);
      let answer = () => {};
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      const post = server.api.postSnapshot;
      server.api.postSnapshot = async (owner, snapshot) => {
        await held;
        return post(owner, snapshot);
      };
      const checking = sync.backUp({ waitMs: 3_000 });
      await vi.advanceTimersByTimeAsync(3_000);
      expect(await checking).toEqual({ unbacked: ['a'], problem: { kind: 'timeout' } });
      answer();
      await vi.waitFor(() => expect(store.unbackedKeys()).toEqual([]));
    });

    it('counts a change made during the sync that the sync did not send', async () => {
      const { store, server, sync } = setUp({ debounceMs: 60_000 });
      await sync.setSession({ id: 'ann' });
      await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
      await store.set('a', 1);
      const post = server.api.postSnapshot;
      server.api.postSnapshot = async (owner, snapshot) => {
        server.api.postSnapshot = post;
        await store.set('late', 'typed meanwhile');
        return post(owner, snapshot);
      };
      expect(await sync.backUp({ waitMs: 3_000 })).toEqual({ unbacked: ['late'] });
      expect([...server.snapshot('ann').keys()]).toEqual(['a']);
    });
  });

  describe('holding automatic syncs while the session is being ended', () => {
    it('starts none until released, then the one that was due', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const { store, server, sync, network } = setUp();
      await sync.setSession({ id: 'ann' });
      await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
      const release = sync.holdAutomaticSyncs();
      await store.set('a', 1);
      network.go(true);
      // Past the debounce and the periodic sync.
      await vi.advanceTimersByTimeAsync(2 * 60_000);
      expect(server.calls).toEqual(['GET', 'POST']);
      release();
      release(); // a second call changes nothing
      await vi.waitFor(() => expect([...server.snapshot('ann').keys()]).toEqual(['a']));
      expect(server.calls).toEqual(['GET', 'POST', 'GET', 'POST']);
    });

    it('runs none that was due for a session ended meanwhile', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const { store, server, sync } = setUp();
      await sync.setSession({ id: 'ann' });
      await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
      const release = sync.holdAutomaticSyncs();
      await store.set('a', 1);
      await vi.advanceTimersByTimeAsync(60_000);
      await sync.setSession(null);
      release();
      await vi.advanceTimersByTimeAsync(2 * 60_000);
      expect(server.calls).toEqual(['GET', 'POST']);
    });
  });

  it('stops a sync under way when the session ends: its requests are aborted, quietly, with no retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, server, sync } = setUp();
    const stale = vi.fn();
    sync.onStaleSession(stale);
    await sync.setSession({ id: 'ann' });
    await vi.waitFor(() => expect(sync.getState().lastResult?.ok).toBe(true));
    let posting = false;
    let stoppedWith: unknown;
    server.api.postSnapshot = (_owner, _snapshot, signal) =>
      new Promise((_resolve, reject) => {
        posting = true;
        signal?.addEventListener('abort', () => {
          stoppedWith = signal.reason;
          reject(signal.reason);
        });
      });
    await store.set('a', 1);
    await vi.advanceTimersByTimeAsync(20); // the debounce: an automatic sync
    await vi.waitFor(() => expect(posting).toBe(true));
    await sync.setSession(null);
    expect(stoppedWith).toBeInstanceOf(SessionEndedError);
    await vi.waitFor(() => expect(sync.getState().syncing).toBe(false));
    expect(sync.getState().lastResult).toMatchObject({ ok: false, error: 'the session ended' });
    // Past the retry delay: none, and nothing reported as a failure or a stale session.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls).toEqual(['GET', 'POST', 'GET']);
    expect(stale).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('signing out shows the anonymous items and stops syncing', async () => {
    const { store, sync } = setUp();
    await sync.setSession({ id: 'ann' });
    await store.set('mine', 1);
    await sync.setSession(null);
    expect(store.owner()).toBe('');
    expect(keysOf(store)).toEqual([]);
    await expect(sync.sync()).rejects.toThrow('not authenticated');
  });
});
