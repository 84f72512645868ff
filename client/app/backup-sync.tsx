// Wires sign-in to the key-value store's backup sync: the sync engine learns who is signed in from
// the auth state, and a session the server no longer accepts makes the auth state refresh. When
// the server refuses a backup (a wrong origin, too large), the user is told, with its reason: the
// items stay on the device, but they are not backed up until the cause is fixed. Items stored
// before sign-in join the account only when the person answers the prompt about them.
import { Button, Snackbar } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { authStore } from '../features/auth/auth-store';
import { useAuth } from '../features/auth/use-auth';
import { noticeOffset } from '../features/pwa/pwa-notices';
import { kvSync } from '../kv/app-kv';
import { markRefusalTold, toldRefusal } from '../kv/told-refusal';
import { useKvSyncState } from '../kv/use-kv';
import { AnonymousItemsPrompt } from './anonymous-items-prompt';

export function BackupSync() {
  // undefined until the first session answer: the store keeps showing its last owner meanwhile.
  const userId = useAuth((auth) => (auth.status === 'loading' ? undefined : (auth.data?.user.id ?? null)));

  useEffect(() => kvSync.start(), []);
  useEffect(() => kvSync.onStaleSession(() => void authStore.refresh()), []);
  useEffect(() => {
    if (userId === undefined) return;
    kvSync
      .setSession(userId ? { id: userId } : null)
      .catch((error) => console.error('[kv] could not switch the stored items to the signed-in user', error));
  }, [userId]);

  return (
    <>
      <BackupRefusedNotice />
      <AnonymousItemsPrompt />
    </>
  );
}

function BackupRefusedNotice() {
  const { t } = useTranslation();
  const lastResult = useKvSyncState((s) => s.lastResult);
  const toldAt = useStore(toldRefusal, (s) => s.at);
  const refusal = lastResult?.refused ? lastResult : null;
  return (
    <Snackbar
      open={!!refusal && toldAt !== refusal.at}
      onClose={(_, reason) => reason !== 'clickaway' && markRefusalTold(refusal?.at)}
      message={t('storage.backup_refused', { reason: refusal?.error ?? '' })}
      sx={noticeOffset}
      // A server's reason can be long: wrapped within the screen, never widening the page.
      slotProps={{ content: { sx: { maxWidth: { sm: 560 } } } }}
      action={
        <Button color="inherit" size="small" onClick={() => markRefusalTold(refusal?.at)}>
          {t('dismiss')}
        </Button>
      }
    />
  );
}
