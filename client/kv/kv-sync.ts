// The backup sync engine (spec §4, §7, §8): GET the server's snapshot and merge it in, POST the
// merged local snapshot, merge the answer. Runs on sign-in, on reconnect, shortly after local
// changes and on a timer; offline changes wait on disk. It learns who is signed in from its caller.
import { createStore } from 'zustand/vanilla';
import { fromSnapshot, toSnapshot } from '#shared/kv/kv-snapshot';
import {
  type BackupApi,
  BackupRequestError,
  httpBackupApi,
  NotAuthenticatedError,
  SessionChangedError,
} from './backup-api';
import { ANONYMOUS_OWNER } from './kv-database';
import type { KvStore } from './kv-store';

export interface SyncResult {
  /** When the sync finished (ISO). */
  at: string;
  ok: boolean;
  /** Why it failed, e.g. 'not authenticated'. */
  error?: string;
  /** The server refused the request (a 4xx other than a changed session): retrying will not help. */
  refused?: boolean;
  /** Entries sent to the server. */
  sent?: number;
  /** Entries in the server's merged snapshot. */
  entries?: number;
  /** Local items that the server's versions changed or purged. */
  changed?: number;
}

export interface SyncState {
  signedIn: boolean;
  online: boolean;
  syncing: boolean;
  lastResult: SyncResult | null;
}

export type AnonymousAnswer = 'adopt' | 'leave' | 'discard';

/** Why a backup left items out: still running, offline, refused by the server, or failed otherwise. */
export type BackupProblem =
  | { kind: 'timeout' }
  | { kind: 'offline' }
  | { kind: 'refused' | 'failed'; message: string };

export interface BackupCheck {
  /** Keys of the signed-in user's items whose latest change the backup does not hold. */
  unbacked: string[];
  /** Why, when the sync did not finish well; none when it did and changes came in meanwhile. */
  problem?: BackupProblem;
}

/** A sync stopped because the session it ran for ended or changed on this device. */
export class SessionEndedError extends Error {
  constructor() {
    super('the session ended');
    this.name = 'SessionEndedError';
  }
}

export interface Connectivity {
  isOnline(): boolean;
  /** Calls `listener` when the browser goes online or offline. */
  subscribe(listener: () => void): () => void;
}

export const browserConnectivity: Connectivity = {
  // A server render (docs/rendering.md), with no navigator.onLine, draws the page as online.
  isOnline: () => globalThis.navigator?.onLine !== false,
  subscribe(listener) {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
};

export interface KvSyncOptions {
  store: KvStore;
  api?: BackupApi;
  connectivity?: Connectivity;
  /** Quiet time after a local change before it is sent. */
  debounceMs?: number;
  /** Sync this often while signed in, to pick up other devices' changes. */
  intervalMs?: number;
  /** First retry after a failure; doubles each time up to intervalMs. */
  retryMs?: number;
  now?: () => Date;
}

export function createKvSync({
  store,
  api = httpBackupApi,
  connectivity = browserConnectivity,
  debounceMs = 2_000,
  intervalMs = 5 * 60_000,
  retryMs = 15_000,
  now = () => new Date(),
}: KvSyncOptions) {
  let session: { id: string } | null = null;
  let sessionChange: Promise<void> = Promise.resolve();
  let current: Promise<SyncResult> | null = null;
  /** Stops the requests of the sync under way (current). */
  let currentRequests: AbortController | null = null;
  let queued: Promise<SyncResult> | null = null;
  let lastResult: SyncResult | null = null;
  let failures = 0;
  const state = createStore<SyncState>()(() => ({
    signedIn: false,
    online: connectivity.isOnline(),
    syncing: false,
    lastResult,
  }));
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the caller has said who is signed in yet: until then the store shows its last owner. */
  let sessionKnown = false;
  /** Holds on automatic syncs (holdAutomaticSyncs), and whether one was due meanwhile. */
  let holds = 0;
  let missed = false;
  // A notice, not state: nothing to read later, so plain callbacks.
  const staleSessionListeners = new Set<() => void>();

  function publish() {
    state.setState({ signedIn: !!session, online: connectivity.isOnline(), syncing: !!current, lastResult });
  }

  function clearTimers() {
    clearTimeout(debounceTimer);
    clearTimeout(retryTimer);
  }

  /** One sync, one tab at a time (a Web Lock, where the browser has them). */
  function exclusive<T>(owner: string, task: () => Promise<T>): Promise<T> {
    const locks = globalThis.navigator?.locks;
    return locks ? (locks.request(`sift-kv-sync:${owner}`, task) as Promise<T>) : task();
  }

  async function run(owner: string, signal: AbortSignal): Promise<SyncResult> {
    const remote = fromSnapshot(await api.fetchSnapshot(owner, signal));
    let changed = await store.applyServerSnapshot(owner, remote);
    if (store.owner() !== owner) throw new SessionChangedError();
    const local = store.snapshotRecords();
    const answer = fromSnapshot(await api.postSnapshot(owner, toSnapshot(local), signal));
    changed += await store.applyServerSnapshot(owner, answer);
    return { at: now().toISOString(), ok: true, sent: local.length, entries: answer.size, changed };
  }

  function start(): Promise<SyncResult> {
    const requests = new AbortController();
    const attempt = (async () => {
      const owner = session?.id;
      try {
        if (!owner) throw new NotAuthenticatedError();
        await store.ready();
        lastResult = await exclusive(owner, () => {
          requests.signal.throwIfAborted();
          return run(owner, requests.signal);
        });
        failures = 0;
        clearTimeout(retryTimer);
        return lastResult;
      } catch (error) {
        const refused = error instanceof BackupRequestError && error.status >= 400 && error.status < 500;
        lastResult = {
          at: now().toISOString(),
          ok: false,
          error: (error as Error).message ?? String(error),
          ...(refused && { refused }),
        };
        throw error;
      }
    })();
    current = attempt;
    currentRequests = requests;
    publish();
    void attempt
      .catch(() => {})
      .finally(() => {
        if (current === attempt) {
          current = null;
          currentRequests = null;
        }
        publish();
      });
    return attempt;
  }

  /**
   * Syncs now, or right after a sync already running (requests meanwhile share that one run).
   * Rejects with 'not authenticated' without a session, and with the cause of any other failure.
   */
  function sync(): Promise<SyncResult> {
    if (queued) return queued;
    if (!current) return start();
    const next = current.then(
      () => undefined,
      () => undefined,
    );
    queued = next.then(() => {
      queued = null;
      return start();
    });
    return queued;
  }

  /** Automatic syncs: failures go to the console and are retried later (spec §8). */
  function syncInBackground() {
    if (!session || !connectivity.isOnline()) return;
    clearTimeout(debounceTimer);
    if (holds > 0) {
      missed = true;
      return;
    }
    sync().catch((error: unknown) => {
      if (error instanceof SessionEndedError) return;
      if (error instanceof NotAuthenticatedError || error instanceof SessionChangedError) {
        console.warn(`[kv] backup sync stopped: ${(error as Error).message}`);
        for (const listener of staleSessionListeners) listener();
        return;
      }
      const delay = Math.min(retryMs * 2 ** failures, intervalMs);
      failures += 1;
      console.error(`[kv] backup sync failed; retrying in ${Math.round(delay / 1000)} s`, error);
      clearTimeout(retryTimer);
      retryTimer = setTimeout(syncInBackground, delay);
    });
  }

  /** What a sync that did not finish well left undone, and why. */
  function problemOf(outcome: 'timeout' | { error: unknown }): BackupProblem {
    if (outcome === 'timeout') return { kind: 'timeout' };
    if (!connectivity.isOnline()) return { kind: 'offline' };
    const { error } = outcome;
    const message = error instanceof Error ? error.message : String(error);
    const refused = error instanceof BackupRequestError && error.status >= 400 && error.status < 500;
    return { kind: refused ? 'refused' : 'failed', message };
  }

  return {
    sync,

    /**
     * Syncs now and answers which items the backup still lacks (store.unbackedKeys()) and why.
     * Waits at most `waitMs` for the sync: one still running then leaves its items counted as not
     * backed up (it goes on, and marks them once it is done).
     */
    async backUp({ waitMs }: { waitMs: number }): Promise<BackupCheck> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), waitMs);
      });
      const outcome = await Promise.race([
        sync().then(
          () => null,
          (error: unknown) => ({ error }),
        ),
        timedOut,
      ]);
      clearTimeout(timer);
      const unbacked = store.unbackedKeys();
      if (unbacked.length === 0 || outcome === null) return { unbacked };
      return { unbacked, problem: problemOf(outcome) };
    },

    /**
     * The caller tells who is signed in (null: nobody). Signing in switches the store to the
     * user's items and syncs (the anonymous items wait for answerAnonymous); signing out switches to
     * the anonymous items.
     */
    setSession(user: { id: string } | null): Promise<void> {
      sessionChange = sessionChange.then(async () => {
        if (sessionKnown && (user?.id ?? null) === (session?.id ?? null)) return;
        sessionKnown = true;
        session = null;
        // The sync under way was for the previous session: its answers would be thrown away, and a
        // request reaching the server after a sign-out would meet the ended session.
        currentRequests?.abort(new SessionEndedError());
        clearTimers();
        failures = 0;
        publish();
        await store.switchOwner(user?.id ?? ANONYMOUS_OWNER);
        session = user && { id: user.id };
        publish();
        syncInBackground();
      });
      return sessionChange;
    },

    /**
     * The signed-in user's answer about the items stored on this device before sign-in (the
     * store's anonymousItems()): adopt them into the account, backed up at once; leave them out of
     * it on this device; or discard them.
     */
    async answerAnonymous(answer: AnonymousAnswer): Promise<void> {
      // The user asked, not whoever is signed in once a sign-in under way has finished.
      const owner = session?.id;
      if (!owner) throw new NotAuthenticatedError();
      if (answer === 'leave') return store.leaveAnonymous(owner);
      if (answer === 'discard') return store.discardAnonymous(owner);
      if ((await store.adoptAnonymous(owner)) > 0) syncInBackground();
    },

    /**
     * Keeps automatic syncs (after a local change, on the timer, on reconnecting) from starting
     * until the returned release, which runs one that was due meanwhile if the session holds. For
     * while the session is being ended: a request then would meet it gone.
     */
    holdAutomaticSyncs(): () => void {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0 || !missed) return;
        missed = false;
        syncInBackground();
      };
    },

    /** Starts the triggers: reconnecting, local changes (debounced), and the timer. Returns stop. */
    start(): () => void {
      const stopConnectivity = connectivity.subscribe(() => {
        publish();
        if (connectivity.isOnline()) syncInBackground();
      });
      const stopLocal = store.onLocalChange(() => {
        if (!session) return;
        clearTimeout(debounceTimer);
        debounceTimer = setTimeout(syncInBackground, debounceMs);
      });
      const interval = setInterval(syncInBackground, intervalMs);
      return () => {
        stopConnectivity();
        stopLocal();
        clearInterval(interval);
        clearTimers();
      };
    },

    /** For useStore in components. */
    state,
    getState: state.getState,

    /** Called when the server no longer sees the session the engine was given (401 or 409). */
    onStaleSession(listener: () => void): () => void {
      staleSessionListeners.add(listener);
      return () => staleSessionListeners.delete(listener);
    },
  };
}

export type KvSync = ReturnType<typeof createKvSync>;
