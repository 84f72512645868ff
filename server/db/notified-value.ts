// A value read from the database once and kept in memory until a NOTIFY on its channel says it
// changed (sent by whichever process changed it), so a request that needs it costs no query. It is
// also read again once older than `ttlMs`, which bounds how long a missed notification (a dropped
// listener) could keep an old value in use.
import type { Database } from './client';
import { listenOnFirstUse } from './listen-on-first-use';

export interface NotifiedValue<T> {
  get(): Promise<T>;
  /** Forgets the value at once, for the process that changed it (others hear the NOTIFY). */
  invalidate(): void;
}

export function notifiedValue<T>(
  database: Database,
  channel: string,
  load: () => Promise<T>,
  { ttlMs, now = () => Date.now() }: { ttlMs: number; now?: () => number },
): NotifiedValue<T> {
  // One read at a time is shared by every caller waiting for it.
  let current: Promise<{ value: T; readAt: number }> | undefined;
  const listening = listenOnFirstUse(database, channel, () => void reload().catch(() => {}));

  function reload() {
    const readAt = now();
    const next = load().then((value) => ({ value, readAt }));
    current = next;
    // A failed read is not kept: the next caller asks again.
    next.catch(() => {
      if (current === next) current = undefined;
    });
    return next;
  }

  return {
    async get() {
      await listening();
      const state = await (current ?? reload());
      return (now() - state.readAt < ttlMs ? state : await reload()).value;
    },

    invalidate() {
      current = undefined;
    },
  };
}
