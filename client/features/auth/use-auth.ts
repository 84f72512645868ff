// The auth state for components: {data, loading, lastRefreshedAt, status}, re-rendered on change.
import { useStore } from 'zustand';
import { useFirstRender } from '#client/lib/first-render';
import { type AuthState, authStore } from './auth-store';

const whole = (state: AuthState) => state;

/** The auth state, or the part `select` picks: the component re-renders only when that changes. */
export function useAuth(): AuthState;
export function useAuth<T>(select: (state: AuthState) => T): T;
export function useAuth<T>(select: (state: AuthState) => T | AuthState = whole): T | AuthState {
  return useStore(authStore.state, select);
}

/**
 * Signed in or not, and `undefined` while the session is still being read (callers must not act on
 * it yet). The server draws a page only for a visitor with no session: on such a page, signed out
 * until the session says otherwise, so that hydration and what appears after it agree with the HTML.
 */
export function useSignedIn(): boolean | undefined {
  const drawnByServer = useFirstRender() !== null;
  // The answer itself is selected, not the status: a rendered page's readers then stay as hydrated
  // when the session turns out signed out, instead of drawing again at once (an external store's
  // change re-renders synchronously, in one long task).
  return useAuth((s) =>
    s.status === 'loading' ? (drawnByServer ? false : undefined) : s.status === 'authenticated',
  );
}

let signingOut = false;

/**
 * Whether the session holds at the moment of asking, and is not being ended. For queries that need
 * it: a sign-in or sign-out refetches every active query at once, before components re-render with
 * the change.
 */
export const sessionHolds = (): boolean => !signingOut && authStore.getState().status === 'authenticated';

/** Runs `signOut` with no query that needs the session starting meanwhile (see `sessionHolds`). */
export async function whileSigningOut<T>(signOut: () => Promise<T>): Promise<T> {
  signingOut = true;
  try {
    return await signOut();
  } finally {
    signingOut = false;
  }
}
