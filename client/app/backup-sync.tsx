// Wires sign-in to the key-value store's backup sync: the sync engine learns who is signed in from
// the auth state, and a session the server no longer accepts makes the auth state refresh.
import { useEffect } from 'react';
import { authStore } from '../features/auth/auth-store';
import { useAuth } from '../features/auth/use-auth';
import { kvSync } from '../kv/app-kv';

export function BackupSync() {
  const auth = useAuth();
  // undefined until the first session answer: the store keeps showing its last owner meanwhile.
  const userId = auth.status === 'loading' ? undefined : (auth.data?.user.id ?? null);

  useEffect(() => kvSync.start(), []);
  useEffect(() => kvSync.onStaleSession(() => void authStore.refresh()), []);
  useEffect(() => {
    if (userId === undefined) return;
    kvSync
      .setSession(userId ? { id: userId } : null)
      .catch((error) => console.error('[kv] could not switch the stored items to the signed-in user', error));
  }, [userId]);

  return null;
}
