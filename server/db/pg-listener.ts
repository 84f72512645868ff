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
      if (!known) await client.query(`LISTEN ${quoted(channel)}`);
      return async () => {
        handlers.delete(handler);
        if (handlers.size > 0 || channels.get(channel) !== handlers) return;
        channels.delete(channel);
        const current = await connection?.catch(() => null);
        await current?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
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
