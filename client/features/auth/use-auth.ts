// The auth state for components: {data, loading, lastRefreshedAt, status}, re-rendered on change.
import { useSyncExternalStore } from 'react';
import { type AuthState, authStore } from './auth-store';

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState);
}

/** Signed in or not, and `undefined` while the session is still being read (callers must not act on it yet). */
export function useSignedIn(): boolean | undefined {
  const { status } = useAuth();
  return status === 'loading' ? undefined : status === 'authenticated';
}

/**
 * Whether the session holds at the moment of asking. For queries that need it: a sign-in or
 * sign-out refetches every active query at once, before components re-render with the change.
 */
export const sessionHolds = (): boolean => authStore.getState().status === 'authenticated';
