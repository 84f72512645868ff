// Opens the database: embedded PGlite in a data folder by default, PostgreSQL when a URL is given.
// Both expose the same Drizzle API, run the same migrations and support LISTEN/NOTIFY.
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { appFile } from '../app-files';
import { lockDataDir } from './data-dir-lock';
import { createPgListener } from './pg-listener';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Unlisten = () => Promise<void>;

export interface PoolState {
  /** Open connections, busy or idle (the LISTEN connection among them). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, for metrics; PGlite is one connection in the process. */
  poolState?: () => PoolState;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Subscribes to a NOTIFY channel; other server processes on the same database hear it too. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = appFile('drizzle');
/** Arbitrary constant key so that concurrent servers run migrations one at a time. */
const MIGRATION_LOCK = 724_001;

export type DatabaseOptions =
  | {
      url: string;
      /** A pooled connection failed while idle or listening (server restart, admin termination). */
      onConnectionError?: (error: Error) => void;
    }
  | { dataDir: string }
  /** In memory; `from` starts it from a `dumpDataDir()` copy instead of a new cluster (seconds faster). */
  | { memory: true; from?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return 'url' in options
    ? openPostgres(options.url, options.onConnectionError ?? console.warn)
    : openPglite(options);
}

async function openPglite(options: Exclude<DatabaseOptions, { url: string }>): Promise<Database> {
  let client: PGlite;
  let unlock = () => {};
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
    client = new PGlite(options.dataDir);
  } else {
    client = new PGlite(options.from ? { loadDataDir: options.from } : {});
  }
  const db = drizzlePglite({ client });
  try {
    await client.waitReady;
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    unlock();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    notify: async (channel, payload) =>
      void (await db.execute(sql`select pg_notify(${channel}, ${payload})`)),
    async close() {
      await client.close();
      unlock();
    },
  };
}

/** A migrated, empty embedded database as a `dumpDataDir()` copy, for `{ memory: true, from }`. */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPostgres(url: string, onConnectionError: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Without a listener an idle connection's error would crash the process; the pool replaces it.
  pool.on('error', onConnectionError);
  // pool.end() resolves before the sockets close, so close() waits for each connection's 'end'.
  const connections = new Set<pg.Client>();
  pool.on('connect', (client) => {
    connections.add(client);
    client.once('end', () => connections.delete(client));
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg({ client: lockClient }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  const db = drizzleNodePg({ client: pool });
  const listener = createPgListener(pool, onConnectionError);
  return {
    db,
    kind: 'postgres',
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: async () => void (await pool.query('select 1')),
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    notify: async (channel, payload) =>
      void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
    async close() {
      await listener.close();
      const ended = [...connections].map((client) => once(client, 'end'));
      await pool.end();
      await Promise.all(ended);
    },
  };
}
