// Vitest global setup: one migrated embedded database, dumped once per run, so every test's
// in-memory PGlite loads it (about 1.5 s) instead of creating a cluster and migrating (3–5 s).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump } from '#server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite data folder. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'sift-pglite-template-'));
  const file = join(folder, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
