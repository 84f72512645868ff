// Database targets for tests: an in-memory PGlite always, and PostgreSQL when TEST_DATABASE_URL
// is set. Each PostgreSQL target is a fresh database, dropped afterwards, so runs never share rows.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { type Database, openDatabase } from '#server/db/client';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

/**
 * A new database on the PostgreSQL server of `adminUrl`, empty or a copy of the database named
 * `template`: its URL and how to drop it.
 */
export async function createFreshPostgres(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sift_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  const copied = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
  await run(`CREATE DATABASE ${pg.escapeIdentifier(name)}${copied}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
  };
}

/** A migrated database of its own, copied from the run's template (tests/support/database-templates.ts). */
async function openFreshPostgres(adminUrl: string): Promise<Database> {
  const fresh = await createFreshPostgres(adminUrl, inject('postgresTemplate') || undefined);
  const database = await openDatabase({ url: fresh.url });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

let template: Blob | undefined;
/** The run's migrated PGlite data folder as a dump (tests/support/database-templates.ts). */
const migratedDump = () => {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
};

/** A migrated in-memory PGlite, loaded from the run's template. */
export function openTestPglite(): Promise<Database> {
  return openDatabase({ memory: true, from: migratedDump() });
}

/**
 * A new DATA_DIR whose embedded database (`pglite/`) already holds the migrated schema, unpacked
 * from the run's template: the server and the CLIs open it as they open an operator's, without the
 * seconds of creating a cluster.
 */
export async function migratedDataDir(prefix = 'sift-data-'): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const client = new PGlite(join(folder, 'pglite'), { loadDataDir: migratedDump() });
  await client.waitReady;
  await client.close();
  return folder;
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ name: 'pglite', open: openTestPglite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) targets.push({ name: 'postgres', open: () => openFreshPostgres(url) });
  return targets;
}

/** Every table of the app's schema emptied: as a newly migrated database (migrations seed no rows). */
export async function emptyDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`do $$ declare tables text; begin
    select string_agg(format('%I', tablename), ', ') into tables from pg_tables where schemaname = 'public';
    execute 'truncate ' || tables || ' restart identity cascade';
  end $$`);
}

/**
 * For a describe block whose every test changes rows: one database of `target`, emptied before
 * each test, which then starts as on a new database without a new one's second or more. Returns
 * the database for the test under way.
 */
export function emptiedBeforeEach(target: DatabaseTarget): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await target.open();
  });
  beforeEach(async () => emptyDatabase(database!));
  afterAll(async () => database?.close());
  return () => database!;
}
