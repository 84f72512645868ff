// The auth state of spec §3/§4 — {data, loading, lastRefreshedAt, status} — kept outside React so
// the route guard can await it, and read in components through useAuth().
import { createStore } from 'zustand/vanilla';
import type { Session } from '#shared/auth';
import { fetchSession } from './auth-api';
import { createSessionMemory, type SessionMemory } from './session-memory';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  data: Session | null;
  /** A session request is in flight. */
  loading: boolean;
  /** When the server last answered a session request. */
  lastRefreshedAt: Date | null;
  /** `loading` only until the first answer; later refreshes keep the last known status. */
  status: AuthStatus;
}

/** Why the signed-in state changed: a background refresh noticed, or the user signed in or out here. */
export type AuthChangeSource = 'refresh' | 'signIn' | 'signOut';
export type AuthChangeListener = (change: { signedIn: boolean; source: AuthChangeSource }) => void;

const forgetful: SessionMemory = { read: () => null, write: () => {} };

export function createAuthStore(loadSession: () => Promise<Session | null>, memory = forgetful) {
  const auth = createStore<AuthState>()(() => ({
    data: null,
    loading: false,
    lastRefreshedAt: null,
    status: 'loading',
  }));
  let settled = false;
  let inFlight: Promise<AuthState> | null = null;
  /** Why a state came to be, for onChange listeners (which are handed only the states). */
  const sources = new WeakMap<AuthState, AuthChangeSource>();

  function update(next: Partial<AuthState>, source?: AuthChangeSource) {
    if (source) settled = true;
    const merged = { ...auth.getState(), ...next };
    const state: AuthState = {
      ...merged,
      status: !settled ? 'loading' : merged.data ? 'authenticated' : 'unauthenticated',
    };
    if (source) sources.set(state, source);
    auth.setState(state, true);
  }

  async function load(source: AuthChangeSource): Promise<AuthState> {
    update({ loading: true });
    try {
      const data = await loadSession();
      memory.write(data);
      update({ data, loading: false, lastRefreshedAt: new Date() }, source);
    } catch {
      // Offline or server trouble (already logged): keep what we knew, at start-up the session
      // this device last had (the server still decides what it may fetch).
      update({ loading: false, ...(!settled && { data: memory.read() }) }, source);
    }
    return auth.getState();
  }

  const store = {
    /** For useStore in components. */
    state: auth,
    getState: auth.getState,
    subscribe: auth.subscribe,

    /** Called when the user becomes signed in or signed out (not on the first answer). */
    onChange(listener: AuthChangeListener): () => void {
      return auth.subscribe((next, previous) => {
        const source = sources.get(next);
        const signedIn = next.status === 'authenticated';
        // The status is 'loading' only until the first answer, which is no change.
        if (source && previous.status !== 'loading' && signedIn !== (previous.status === 'authenticated')) {
          listener({ signedIn, source });
        }
      });
    },

    /**
     * Re-reads the session. Background refreshes share a request already in flight; a refresh
     * after signing in or out waits for it and then asks again, so it cannot return stale data.
     */
    refresh(source: AuthChangeSource = 'refresh'): Promise<AuthState> {
      if (inFlight && source === 'refresh') return inFlight;
      const next = inFlight ? inFlight.then(() => load(source)) : load(source);
      inFlight = next;
      void next.finally(() => {
        if (inFlight === next) inFlight = null;
      });
      return next;
    },

    /** The state once the first session request has been answered. */
    ready(): Promise<AuthState> {
      return settled ? Promise.resolve(auth.getState()) : store.refresh();
    },

    /** Forgets the session at once, e.g. after signing out. */
    clear(source: AuthChangeSource): void {
      memory.write(null);
      update({ data: null, lastRefreshedAt: new Date() }, source);
    },
  };
  return store;
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/** The app's one auth store. */
export const authStore = createAuthStore(
  () => fetchSession(window.location.pathname),
  createSessionMemory(() => localStorage),
);
