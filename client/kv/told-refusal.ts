// Which refusal of the backup the person has been told of, by its sync's time (SyncResult.at): the
// refusal notice shows one until it is dismissed, and a sign-out dialog that names it tells it too,
// so the notice does not repeat the dialog's reason beside it.
import { createStore } from 'zustand/vanilla';

export const toldRefusal = createStore<{ at: string | null }>()(() => ({ at: null }));

export function markRefusalTold(at: string | undefined): void {
  if (at) toldRefusal.setState({ at });
}
