// Index-change events for the `indexUpdated` subscription: the search core NOTIFYs
// INDEX_BUILT_CHANNEL from whichever server process built an index, and this process LISTENs only
// while someone subscribes (one database connection for all of its subscribers, none otherwise).
import type { Database, Unlisten } from '../db/client';
import type { Logger } from '../logger';
import { INDEX_BUILT_CHANNEL, type IndexBuiltEvent } from '../search/index-service';

/** Events a subscriber has not read yet beyond this are dropped, oldest first. */
const BACKLOG = 100;

export interface IndexEvents {
  /** Resolves once this process is listening, so no event after that point is missed. */
  subscribe(accept: (event: IndexBuiltEvent) => boolean): Promise<AsyncIterableIterator<IndexBuiltEvent>>;
}

function parseEvent(payload: string): IndexBuiltEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<IndexBuiltEvent>;
    return typeof event.source === 'string' && typeof event.crc32c === 'number'
      ? { source: event.source, crc32c: event.crc32c }
      : null;
  } catch {
    return null;
  }
}

export function createIndexEvents(database: Database, logger: Logger): IndexEvents {
  const subscribers = new Set<(event: IndexBuiltEvent) => void>();
  let unlisten: Unlisten | null = null;
  let transition: Promise<void> = Promise.resolve();

  const onPayload = (payload: string) => {
    const event = parseEvent(payload);
    if (!event) return logger.warn({ payload }, 'ignoring a malformed index notification');
    for (const deliver of subscribers) deliver(event);
  };

  /** Listens while there are subscribers; runs one change at a time so LISTEN and UNLISTEN never race. */
  function sync(): Promise<void> {
    transition = transition
      .then(async () => {
        if (subscribers.size > 0 && !unlisten)
          unlisten = await database.listen(INDEX_BUILT_CHANNEL, onPayload);
        else if (subscribers.size === 0 && unlisten) {
          const stop = unlisten;
          unlisten = null;
          await stop();
        }
      })
      .catch((err) => logger.error({ err }, 'could not listen for index changes'));
    return transition;
  }

  return {
    async subscribe(accept) {
      const backlog: IndexBuiltEvent[] = [];
      let wake: (() => void) | undefined;
      let closed = false;
      const deliver = (event: IndexBuiltEvent) => {
        if (!accept(event)) return;
        if (backlog.push(event) > BACKLOG) backlog.shift();
        wake?.();
      };
      const close = () => {
        if (closed) return;
        closed = true;
        backlog.length = 0;
        subscribers.delete(deliver);
        wake?.();
        void sync();
      };
      subscribers.add(deliver);
      await sync();
      const finished = { value: undefined, done: true } as const;
      const iterator: AsyncIterableIterator<IndexBuiltEvent> = {
        [Symbol.asyncIterator]() {
          return this;
        },
        async next() {
          while (!closed && backlog.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          const event = backlog.shift();
          return event ? { value: event, done: false } : finished;
        },
        async return() {
          close();
          return finished;
        },
        async throw(error: unknown) {
          close();
          throw error;
        },
      };
      return iterator;
    },
  };
}
