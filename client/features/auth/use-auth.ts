// The auth state for components: {data, loading, lastRefreshedAt, status}, re-rendered on change.
import { useStore } from 'zustand';
import { type AuthState, authStore } from './auth-store';

const whole = (state: AuthState) => state;

/** The auth state, or the part `select` picks: the component re-renders only when that changes. */
export function useAuth(): AuthState;
export function useAuth<T>(select: (state: AuthState) => T): T;
export function useAuth<T>(select: (state: AuthState) => T | AuthState = whole): T | AuthState {
  return useStore(authStore.state, select);
}

/** Signed in or not, and `undefined` while the session is still being read (callers must not act on it yet). */
export function useSignedIn(): boolean | undefined {
  const status = useAuth((s) => s.status);
  return status === 'loading' ? undefined : status === 'authenticated';
}

/**
 * Whether the session holds at the moment of asking. For queries that need it: a sign-in or
 * sign-out refetches every active query at once, before components re-render with the change.
 */
export const sessionHolds = (): boolean => authStore.getState().status === 'authenticated';
