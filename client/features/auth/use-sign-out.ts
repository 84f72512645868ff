// Signing out from a button: back up the user's store items (sign-out takes them off the device),
// sign out, then go where the server says (by default this page, which the route guard turns into
// the sign-in page when it is protected).
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { kvSync } from '#client/kv/app-kv';
import { appPathOf } from './app-path';
import { signOut, signOutEverywhere } from './auth-actions';
import { whileSigningOut } from './use-auth';

/** How long sign-out waits for the last backup sync (offline, it fails at once). */
const BACKUP_WAIT_MS = 3_000;

/** A read under way that could not start now: one that needs the session, while it is being ended. */
const mayNotRun = (query: Query) =>
  query.state.fetchStatus === 'fetching' && query.getObserversCount() > 0 && !query.isActive();

function backUpStoreItems(): Promise<unknown> {
  return Promise.race([
    kvSync.sync().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, BACKUP_WAIT_MS)),
  ]);
}

export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  /** `everywhere` also ends the user's sessions on every other device. */
  async function signOutAndLeave({ everywhere = false } = {}) {
    setFailed(false);
    setBusy(true);
    try {
      // No read that needs the session meets it ended (a 401): none starts meanwhile, not even the
      // backup page's after the sync, and those under way are dropped.
      const { url } = await whileSigningOut(async () => {
        await backUpStoreItems();
        await queryClient.cancelQueries({ predicate: mayNotRun });
        return everywhere ? signOutEverywhere() : signOut();
      });
      await navigate(appPathOf(url), { replace: true });
    } catch (error) {
      console.warn('Signing out failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return { signOutAndLeave, busy, failed, dismissFailure: () => setFailed(false) };
}
