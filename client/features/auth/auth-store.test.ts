import { describe, expect, it, vi } from 'vitest';
import type { Session } from '#shared/auth';
import { deferred } from '#tests/support/deferred';
import { memoryStorage } from '#tests/support/memory-storage';
import { createAuthStore } from './auth-store';
import { createSessionMemory, SESSION_MEMORY_KEY } from './session-memory';

const session: Session = {
  user: { id: 'u1', email: 'ann@example.test', name: 'Ann', role: 'user' },
  expires: '2030-01-01T00:00:00.000Z',
};

describe('auth store', () => {
  it('is loading until the first answer, then authenticated or unauthenticated', async () => {
    const answer = deferred<Session | null>();
    const store = createAuthStore(() => answer.promise);
    expect(store.getState()).toEqual({
      data: null,
      loading: false,
      lastRefreshedAt: null,
      status: 'loading',
    });
    const ready = store.ready();
    expect(store.getState()).toMatchObject({ loading: true, status: 'loading' });
    answer.resolve(session);
    const state = await ready;
    expect(state).toMatchObject({ data: session, loading: false, status: 'authenticated' });
    expect(state.lastRefreshedAt).toBeInstanceOf(Date);
  });

  it('keeps the last status while a later refresh is in flight', async () => {
    let next = deferred<Session | null>();
    const store = createAuthStore(() => next.promise);
    const first = store.ready();
    next.resolve(session);
    await first;
    next = deferred();
    const refreshing = store.refresh();
    expect(store.getState()).toMatchObject({ loading: true, status: 'authenticated' });
    next.resolve(null);
    expect(await refreshing).toMatchObject({ loading: false, status: 'unauthenticated', data: null });
  });

  it('shares one request between background refreshes, but asks again after signing in', async () => {
    const load = vi.fn(async () => session);
    const store = createAuthStore(load);
    await Promise.all([store.refresh(), store.refresh(), store.ready()]);
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.all([store.refresh(), store.refresh('signIn')]);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('reports sign-in changes with their source, but not the first answer', async () => {
    const answers: (Session | null)[] = [null, session, session, null];
    const store = createAuthStore(async () => answers.shift() ?? null);
    const changes: unknown[] = [];
    store.onChange((change) => changes.push(change));
    await store.ready();
    await store.refresh('signIn');
    await store.refresh();
    await store.refresh();
    store.clear('signOut');
    expect(changes).toEqual([
      { signedIn: true, source: 'signIn' },
      { signedIn: false, source: 'refresh' },
    ]);
  });

  it('treats a failed first answer as signed out and keeps a known session through later failures', async () => {
    let fail = true;
    const store = createAuthStore(async () => {
      if (fail) throw new Error('offline');
      return session;
    });
    expect((await store.ready()).status).toBe('unauthenticated');
    fail = false;
    await store.refresh();
    fail = true;
    expect(await store.refresh()).toMatchObject({ status: 'authenticated', data: session, loading: false });
  });

  it('forgets the session at once when cleared', async () => {
    const store = createAuthStore(async () => session);
    await store.ready();
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear('signOut');
    expect(store.getState()).toMatchObject({ data: null, status: 'unauthenticated' });
    expect(listener).toHaveBeenCalled();
  });

  it('starts signed in from the session this device remembered when the server cannot be reached', async () => {
    const storage = memoryStorage();
    const online = createAuthStore(
      async () => session,
      createSessionMemory(() => storage),
    );
    await online.ready();
    expect(JSON.parse(storage.getItem(SESSION_MEMORY_KEY)!)).toEqual(session);

    const offline = createAuthStore(
      () => Promise.reject(new Error('offline')),
      createSessionMemory(() => storage),
    );
    expect(await offline.ready()).toMatchObject({
      status: 'authenticated',
      data: session,
      lastRefreshedAt: null,
    });
  });

  it('forgets the remembered session when the server says signed out, or on sign-out', async () => {
    const storage = memoryStorage();
    const memory = createSessionMemory(() => storage);
    memory.write(session);
    let answer: Session | null = null;
    const store = createAuthStore(async () => answer, memory);
    expect((await store.ready()).status).toBe('unauthenticated');
    expect(storage.getItem(SESSION_MEMORY_KEY)).toBeNull();

    answer = session;
    await store.refresh('signIn');
    expect(memory.read()).toEqual(session);
    store.clear('signOut');
    expect(memory.read()).toBeNull();
  });
});

describe('session memory', () => {
  it('ignores an expired or damaged remembered session', () => {
    const storage = memoryStorage();
    const now = Date.parse('2031-01-01T00:00:00Z');
    createSessionMemory(() => storage).write(session); // expires 2030
    expect(
      createSessionMemory(
        () => storage,
        () => now,
      ).read(),
    ).toBeNull();
    expect(
      createSessionMemory(
        () => storage,
        () => Date.parse('2029-01-01T00:00:00Z'),
      ).read(),
    ).toEqual(session);
    storage.setItem(SESSION_MEMORY_KEY, '{not json');
    expect(createSessionMemory(() => storage).read()).toBeNull();
  });
});
