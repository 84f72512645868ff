// Vitest global setup: the app's schema migrated once per run, for every database a test opens.
// - PGlite: a migrated data folder dumped to a file, which each test's in-memory PGlite loads
//   (about 1.5 s) instead of creating a cluster and migrating (3–5 s).
// - PostgreSQL (TEST_DATABASE_URL): a migrated database that each test's fresh database is created
//   from (`CREATE DATABASE … TEMPLATE`), which skips running the migrations on every one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump, openDatabase } from '#server/db/client';
import { createFreshPostgres } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite data folder. */
    pgliteTemplate: string;
    /** The name of the migrated PostgreSQL database fresh ones are copied from ('' without one). */
    postgresTemplate: string;
  }
}

async function migratedPostgres(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const fresh = await createFreshPostgres(adminUrl);
  try {
    await (await openDatabase({ url: fresh.url })).close();
  } catch (error) {
    await fresh.drop();
    throw error;
  }
  return { name: new URL(fresh.url).pathname.slice(1), drop: fresh.drop };
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'sift-pglite-template-'));
  const file = join(folder, 'pgdata.tar');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [dump, postgres] = await Promise.all([
    migratedPgliteDump(),
    adminUrl ? migratedPostgres(adminUrl) : undefined,
  ]);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', postgres?.name ?? '');
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    await postgres?.drop();
  };
}
