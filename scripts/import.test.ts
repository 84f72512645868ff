// The import CLI end to end, as an operator runs it, against an embedded database in a temp folder.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditPage } from '#server/admin/audit-log';
import type { Env } from '#server/env';
import { migratedDataDir } from '#tests/support/databases';
import { startEmbeddedServer } from '#tests/support/embedded-server';
import { openDatabase } from '../server/db/client';
import { artifactSummary } from '../server/search/artifact-store';
import { countDocuments } from '../server/search/document-store';
import { testEnv } from '../tests/support/test-app';
import { runImportCli } from './import';

const folder = await migratedDataDir('sift-import-cli-');
const badLines = [
  JSON.stringify({ code: 'FRA', name: 'France' }),
  JSON.stringify({ code: 'CHE' }),
  JSON.stringify({ code: 'FRA', name: 'France again' }),
];
const everyRejection = [
  'line\treasons',
  '2\t"name" (the title) must be a non-empty string',
  '3\tkey "FRA" was already used at 1',
  '4\t"name" (the title) must be a non-empty string',
  '',
].join('\n');

async function importCli(...args: string[]) {
  return importCliWith(testEnv({ DATA_DIR: folder }), ...args);
}

async function importCliWith(env: Env, ...args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runImportCli(args, env, {
    print: (line) => stdout.push(line),
    report: (line) => stderr.push(line),
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

describe('npm run import', () => {
  it('rejects a file with bad records and imports nothing, then imports a good one and builds its index', async () => {
    const bad = join(folder, 'bad.ndjson');
    writeFileSync(
      bad,
      [JSON.stringify({ code: 'FRA', name: 'France' }), JSON.stringify({ code: 'CHE' })].join('\n'),
    );
    const rejected = await importCli('countries', bad);
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toContain('1 of 2 records rejected; nothing was imported.');
    expect(rejected.stderr).toContain('line 2: "name" (the title) must be a non-empty string');

    // Every rejection, in line order: a repeated key (found by a second read) between two others.
    const report = join(folder, 'rejections.tsv');
    const worse = join(folder, 'worse.ndjson');
    writeFileSync(worse, `${[...badLines, JSON.stringify({ code: 'ITA' })].join('\n')}\n`);
    const refused = await importCli('countries', worse, '--rejections', report);
    expect(refused.stderr).toContain(`Every rejected record: ${report}`);
    expect(readFileSync(report, 'utf8')).toBe(everyRejection);

    const good = join(folder, 'good.csv');
    writeFileSync(good, 'code,name,languages,area\nFRA,France,fra,551695\nCHE,Switzerland,deu|fra,41284\n');
    const imported = await importCli('countries', good);
    expect(imported.stderr).toMatch(/reading 100%[\s\S]*writing 100% \(2 of 2 records\)/);
    expect(imported.stdout).toContain('countries: 2 added, 0 changed, 0 unchanged, 0 removed.');
    expect(imported.stdout).toContain('countries: index rebuilt.');
    expect(imported.code).toBe(0);

    const database = await openDatabase({ dataDir: join(folder, 'pglite') });
    try {
      expect(await countDocuments(database.db, 'countries')).toBe(2);
      expect((await artifactSummary(database.db, 'countries'))?.documentCount).toBe(2);
      // While a process that is no server (here this test) has the embedded database open, the CLI refuses it.
      const refused = await importCli('countries', good);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`is in use by process ${process.pid}`);
    } finally {
      await database.close();
    }
    // Opening an embedded database takes seconds on a busy machine.
  }, 120_000);

  it('hands the file to the server holding the embedded database, with the same progress and report', async () => {
    const server = await startEmbeddedServer();
    try {
      const bad = join(folder, 'bad-for-server.ndjson');
      writeFileSync(
        bad,
        [JSON.stringify({ code: 'FRA', name: 'France' }), JSON.stringify({ code: 'CHE' })].join('\n'),
      );
      const rejected = await importCliWith(server.env, 'countries', bad);
      expect(rejected.code).toBe(1);
      expect(rejected.stderr).toContain('the import runs there');
      expect(rejected.stderr).toContain('1 of 2 records rejected; nothing was imported.');
      expect(rejected.stderr).toContain('line 2: "name" (the title) must be a non-empty string');
      // Every rejection, as the server wrote it, downloaded by the CLI.
      const worse = join(folder, 'worse-for-server.ndjson');
      writeFileSync(worse, `${[...badLines, JSON.stringify({ code: 'ITA' })].join('\n')}\n`);
      const report = join(folder, 'rejections-from-server.tsv');
      expect((await importCliWith(server.env, 'countries', worse, '--rejections', report)).code).toBe(1);
      expect(readFileSync(report, 'utf8')).toBe(everyRejection);

      const good = join(folder, 'good-for-server.csv');
      writeFileSync(good, 'code,name,languages,area\nFRA,France,fra,551695\nCHE,Switzerland,deu|fra,41284\n');
      const imported = await importCliWith(server.env, 'countries', good, '--replace');
      expect(imported.stderr).toMatch(
        /uploading 100%[\s\S]*reading 100%[\s\S]*writing 100% \(2 of 2 records\)/,
      );
      expect(imported.stdout).toBe(
        'countries: 2 added, 0 changed, 0 unchanged, 0 removed.\ncountries: index rebuilt.',
      );
      expect(imported.code).toBe(0);
      expect((await artifactSummary(server.database.db, 'countries'))?.documentCount).toBe(2);
      const { entries } = await auditPage(server.database.db, 1);
      expect(entries[0]).toMatchObject({ action: 'import.apply', actor: 'local operator (CLI)', records: 2 });
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('explains how to call it', async () => {
    const result = await importCli('atlantis', 'nowhere.ndjson');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown data source "atlantis"; app.config.ts has: countries, cities/);
    expect((await importCli()).stderr).toContain('Usage: npm run import -- <source> <file>');
    expect((await importCli('countries', 'nowhere.ndjson')).stderr).toBe('No file at nowhere.ndjson');
    expect((await importCli('countries', 'x', '--colour')).stderr).toMatch(/Unknown option '--colour'/);
  }, 60_000);
});
