// LISTEN for every subscriber of a PostgreSQL pool over one connection of its own: a channel is
// LISTENed while it has subscribers, and a lost connection is replaced (after RECONNECT_MS) with
// every channel LISTENed again. Notifications sent while it was down are gone; the callers' caches
// expire on their own to bound that.
import pg from 'pg';

const RECONNECT_MS = 1000;

type Handler = (payload: string) => void;

export function createPgListener(pool: pg.Pool, onConnectionError: (error: Error) => void) {
  const channels = new Map<string, Set<Handler>>();
  let connection: Promise<pg.PoolClient> | null = null;
  let active: pg.PoolClient | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  let closed = false;
  // LISTEN and UNLISTEN run one after another, each deciding when its turn comes, so an UNLISTEN
  // never lands after a newer LISTEN of the same channel, and a subscriber returns only once its
  // channel is listened to.
  let turns: Promise<unknown> = Promise.resolve();
  function inTurn(task: () => Promise<void>): Promise<void> {
    const next = turns.then(task);
    turns = next.catch(() => {});
    return next;
  }

  const quoted = (channel: string) => pg.escapeIdentifier(channel);

  function lost(client: pg.PoolClient, error: Error) {
    if (client !== active) return;
    onConnectionError(error);
    client.release(error);
    active = null;
    connection = null;
    if (closed || channels.size === 0 || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      if (!closed && channels.size > 0) connect().catch(() => {});
    }, RECONNECT_MS);
  }

  function connect(): Promise<pg.PoolClient> {
    connection ??= (async () => {
      const client = await pool.connect();
      client.on('error', (error) => lost(client, error));
      client.on('notification', ({ channel, payload }) => {
        for (const handler of channels.get(channel) ?? []) handler(payload ?? '');
      });
      active = client;
      try {
        for (const channel of channels.keys()) await client.query(`LISTEN ${quoted(channel)}`);
      } catch (error) {
        active = null;
        client.release(error as Error);
        throw error;
      }
      return client;
    })();
    // A failed connect is not kept: the next subscriber tries again.
    connection.catch(() => (connection = null));
    return connection;
  }

  return {
    async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
      const known = channels.get(channel);
      const handlers = known ?? new Set<Handler>();
      handlers.add(handler);
      channels.set(channel, handlers);
      const client = await connect();
      // A new connection LISTENs to every channel itself; this one's LISTEN may then be redundant.
      if (!known) await inTurn(() => client.query(`LISTEN ${quoted(channel)}`).then(() => {}));
      else await inTurn(async () => {});
      return async () => {
        handlers.delete(handler);
        if (handlers.size > 0 || channels.get(channel) !== handlers) return;
        channels.delete(channel);
        await inTurn(async () => {
          if (channels.has(channel)) return; // subscribed again meanwhile
          const current = await connection?.catch(() => null);
          await current?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
        });
      };
    },

    async close() {
      closed = true;
      clearTimeout(reconnect);
      channels.clear();
      await connection?.catch(() => null);
      active?.release();
      active = null;
      connection = null;
    },
  };
}
