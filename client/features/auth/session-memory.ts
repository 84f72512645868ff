// The last session the server confirmed, kept on the device so that a signed-in user who starts
// the app offline (or while the server is unreachable) stays signed in on screen: protected
// indexes and pages keep working from the device. Only what the user may see about themselves is
// kept, never a token; the server still checks every request. Cleared when signed out.
import type { Session } from '#shared/auth';

export const SESSION_MEMORY_KEY = 'sift-auth:last-session';

export interface SessionMemory {
  /** The remembered session, unless it has expired or nothing is remembered. */
  read(): Session | null;
  write(session: Session | null): void;
}

/** `storage` is read on use: it may be missing or blocked (then nothing is remembered). */
export function createSessionMemory(storage: () => Storage, now: () => number = Date.now): SessionMemory {
  return {
    read() {
      try {
        const session = JSON.parse(storage().getItem(SESSION_MEMORY_KEY) ?? 'null') as Session | null;
        const expires = Date.parse(session?.expires ?? '');
        return session?.user && expires > now() ? session : null;
      } catch {
        return null;
      }
    },
    write(session) {
      try {
        if (session) storage().setItem(SESSION_MEMORY_KEY, JSON.stringify(session));
        else storage().removeItem(SESSION_MEMORY_KEY);
      } catch (error) {
        // Full or blocked storage: offline starts then show the user signed out, nothing worse.
        console.warn('[auth] could not remember the session on this device', error);
      }
    },
  };
}
