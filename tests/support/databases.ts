// Database targets for tests: an in-memory PGlite always, and PostgreSQL when TEST_DATABASE_URL
// is set. Each PostgreSQL target is a fresh database, dropped afterwards, so runs never share rows.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

async function openFreshPostgres(adminUrl: string): Promise<Database> {
  const name = `sift_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

let template: Blob | undefined;

/** A migrated in-memory PGlite, loaded from the run's template (tests/support/pglite-template.ts). */
export function openTestPglite(): Promise<Database> {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return openDatabase({ memory: true, from: template });
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ name: 'pglite', open: openTestPglite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) targets.push({ name: 'postgres', open: () => openFreshPostgres(url) });
  return targets;
}
