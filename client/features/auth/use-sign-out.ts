// Signing out from a button: back up the user's store items (sign-out takes them off the device),
// sign out, then go where the server says (by default this page, which the route guard turns into
// the sign-in page when it is protected). When the backup still lacks some of the items, nothing is
// deleted unasked: the person decides (UnbackedItemsDialog) whether to sign out without them.
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { kvSync } from '#client/kv/app-kv';
import type { BackupProblem } from '#client/kv/kv-sync';
import { markRefusalTold } from '#client/kv/told-refusal';
import { appPathOf } from './app-path';
import { signOut, signOutEverywhere } from './auth-actions';
import { whileSigningOut } from './use-auth';

/** How long sign-out waits for the last backup sync (offline, it fails at once). */
export const BACKUP_WAIT_MS = 3_000;

/** A sign-out held back because the backup lacks some of the items it would delete. */
export interface HeldSignOut {
  everywhere: boolean;
  /** Why the backup lacks them, when known. */
  problem?: BackupProblem;
}

/** A read under way that could not start now: one that needs the session, while it is being ended. */
const mayNotRun = (query: Query) =>
  query.state.fetchStatus === 'fetching' && query.getObserversCount() > 0 && !query.isActive();

export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [held, setHeld] = useState<HeldSignOut | null>(null);

  /** With `backUpFirst`, holds the sign-out back (answering false) while the backup lacks items. */
  async function leave(everywhere: boolean, backUpFirst: boolean) {
    setFailed(false);
    setBusy(true);
    // No request that needs the session meets it ended (a 401): no automatic backup sync starts
    // until the sync has forgotten the session, no query starts meanwhile (not even the backup
    // page's after the sync), and those under way are dropped.
    const releaseSyncs = kvSync.holdAutomaticSyncs();
    try {
      const outcome = await whileSigningOut(async () => {
        if (backUpFirst) {
          const { unbacked, problem } = await kvSync.backUp({ waitMs: BACKUP_WAIT_MS });
          if (unbacked.length > 0) return { held: { everywhere, ...(problem && { problem }) } };
        }
        await queryClient.cancelQueries({ predicate: mayNotRun });
        const left = await (everywhere ? signOutEverywhere() : signOut());
        // At once: the auth state's change reaches the sync only once React has drawn it.
        await kvSync.setSession(null);
        return left;
      });
      if ('held' in outcome) {
        setHeld(outcome.held);
        return;
      }
      setHeld(null);
      await navigate(appPathOf(outcome.url), { replace: true });
    } catch (error) {
      console.warn('Signing out failed', error);
      setHeld(null);
      setFailed(true);
    } finally {
      releaseSyncs();
      setBusy(false);
    }
  }

  // A dialog that names a refusal tells it, and those of the syncs refused while it is open (one
  // held back during the sign-out runs once released): the refusal notice need not say it again.
  // Before the dialog is painted, so the notice never shows beside it.
  const refusalShown = held?.problem?.kind === 'refused';
  useLayoutEffect(() => {
    if (!refusalShown) return;
    const tell = () => {
      const last = kvSync.getState().lastResult;
      if (last?.refused) markRefusalTold(last.at);
    };
    tell();
    return kvSync.state.subscribe(tell);
  }, [refusalShown]);

  return {
    /** `everywhere` also ends the user's sessions on every other device. */
    signOutAndLeave: ({ everywhere = false } = {}) => leave(everywhere, true),
    busy,
    failed,
    dismissFailure: () => setFailed(false),
    /** The sign-out waiting for the person's word, while the backup lacks items. */
    held,
    /** Signs out as held, deleting the items the backup lacks from the device. */
    signOutAnyway: () => (held ? leave(held.everywhere, false) : Promise.resolve()),
    /** Keeps the person signed in, and the items. */
    staySignedIn: () => setHeld(null),
  };
}
