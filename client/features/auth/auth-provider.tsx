// Keeps the session fresh (window focus, timer, reconnect) and resets the server-state cache whenever the
// user signs in or out, so nothing cached for one user is shown to the next.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useAuthSettings } from './auth-settings';
import { authStore } from './auth-store';
import { sessionRefreshIntervalMs } from './session-refresh';

function resetCacheWarningOnly(reset: () => Promise<void>) {
  const warn = (error: unknown) =>
    console.warn('Could not reset the query cache after signing in or out', error);
  try {
    reset().catch(warn);
  } catch (error) {
    warn(error);
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: settings } = useAuthSettings();

  useEffect(
    () => authStore.onChange(() => resetCacheWarningOnly(() => queryClient.resetQueries())),
    [queryClient],
  );

  // Back online: confirm the session this device remembered while it could not ask.
  useEffect(() => {
    const refresh = () => void authStore.refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, []);

  const onFocus = settings?.refreshOnWindowFocus ?? false;
  useEffect(() => {
    if (!onFocus) return;
    const refresh = () => void authStore.refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [onFocus]);

  const intervalMs = settings ? sessionRefreshIntervalMs(settings) : 0;
  useEffect(() => {
    if (!intervalMs) return;
    const timer = window.setInterval(() => void authStore.refresh(), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);

  return children;
}
