// LISTEN on a channel from the first time a cache is used, not at start-up: on PostgreSQL a
// process that never reads such a value never listens. The returned function resolves once the
// process listens; a failed LISTEN is tried again at the next call. A cache keeps what it reads
// only after this resolved, so no change announced in between can slip past it.
import type { Database } from './client';

export function listenOnFirstUse(
  database: Database,
  channel: string,
  onPayload: (payload: string) => void,
): () => Promise<unknown> {
  let listening: Promise<unknown> | undefined;
  return () => {
    listening ??= database.listen(channel, onPayload).catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    return listening;
  };
}
