// The import on generated files, each case in a fresh process (bench/import-run.ts): hostile files
// (one line of IMPORT_BENCH_MB, a record nested 20,000 levels, invalid UTF-8 on line 3 of
// IMPORT_BENCH_MB, a JSON array whose one record is IMPORT_BENCH_MB) are read and checked; valid
// files of IMPORT_BENCH_MB are checked in every format and imported as NDJSON and as a JSON array.
// Prints one JSON line: per case the time, the RSS when the work starts and the process's peak RSS.
// IMPORT_BENCH_MB (default 20) sets the size; IMPORT_BENCH_DATABASE_URL (a PostgreSQL server's URL)
// imports into a fresh database there instead of the embedded one. Last, IMPORT_BENCH_RECORDS
// (default 1,000,000) records go through `npm run import` into a running server on the embedded
// database, with /healthz probed throughout (import-beside-server.ts).
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { createFreshPostgres } from '../tests/support/databases';
import { importBesideServer } from './import-beside-server';

const MB = Number(process.env.IMPORT_BENCH_MB ?? 20);
const bytes = MB * 2 ** 20;
const postgresUrl = process.env.IMPORT_BENCH_DATABASE_URL;
const folder = mkdtempSync(join(tmpdir(), 'sift-import-bench-'));
const file = (name: string) => join(folder, name);

const record = (i: number) => ({
  code: `C${i}`,
  name: `Country number ${i}`,
  capital: [`Capital ${i}`],
  region: ['Europe', 'Asia', 'Africa'][i % 3],
  languages: ['fra', 'deu'],
  area: i * 7.5,
});

/** Writes `bytes` worth of records, each through `line(record, i)`, between `head` and `tail`. */
async function writeRecords(
  name: string,
  line: (text: string, i: number) => string | Buffer,
  head = '',
  tail = '',
) {
  const out = createWriteStream(file(name));
  out.write(head);
  let size = 0;
  for (let i = 0; size < bytes; i += 1) {
    const text = line(JSON.stringify(record(i)), i);
    size += text.length;
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end(tail);
  await once(out, 'finish');
}

const DEPTH = 20_000;
const huge = 'x'.repeat(bytes);
writeFileSync(file('long-line.ndjson'), `{"code":"X","name":"${huge}"}`);
writeFileSync(file('huge-record.json'), `[{"code":"X","name":"${huge}"}]`);
writeFileSync(
  file('deep.ndjson'),
  `{"code":"X","name":"x","deep":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}\n`,
);
writeFileSync(file('deep.json'), `[{"code":"X","name":"x","deep":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}]`);
// A byte that no UTF-8 text holds, in the name on line 3.
await writeRecords('invalid-utf8.ndjson', (text, i) =>
  i === 2
    ? Buffer.concat([Buffer.from(text.slice(0, 25)), Buffer.from([0xff]), Buffer.from(`${text.slice(25)}\n`)])
    : `${text}\n`,
);
await writeRecords('valid.ndjson', (text) => `${text}\n`);
await writeRecords('valid.json', (text, i) => (i === 0 ? text : `,${text}`), '[', ']');
await writeRecords(
  'valid.csv',
  (_, i) => {
    const r = record(i);
    return `${r.code},${r.name},${r.capital[0]},${r.region},${r.languages.join('|')},${r.area}\n`;
  },
  'code,name,capital,region,languages,area\n',
);

// The embedded database is migrated once; each import gets a copy.
const template = file('pglite-template');
if (!postgresUrl) await (await openDatabase({ dataDir: template })).close();

async function freshDatabase(): Promise<{ target: string; drop(): Promise<void> }> {
  if (postgresUrl) {
    const fresh = await createFreshPostgres(postgresUrl);
    return { target: fresh.url, drop: fresh.drop };
  }
  const dataDir = mkdtempSync(join(folder, 'pglite-'));
  cpSync(template, dataDir, { recursive: true });
  return { target: dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function run(mode: 'check' | 'import', name: string, format: string) {
  const database = mode === 'import' ? await freshDatabase() : undefined;
  try {
    const output = execFileSync(
      'npx',
      ['tsx', 'bench/import-run.ts', mode, file(name), format, ...(database ? [database.target] : [])],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 30 * 60_000 },
    );
    return JSON.parse(output.trim().split('\n').at(-1)!) as unknown;
  } finally {
    await database?.drop();
  }
}

const cases = {
  longLineNdjson: await run('check', 'long-line.ndjson', 'ndjson'),
  hugeRecordJson: await run('check', 'huge-record.json', 'json'),
  deepNdjson: await run('check', 'deep.ndjson', 'ndjson'),
  deepJson: await run('check', 'deep.json', 'json'),
  invalidUtf8Ndjson: await run('check', 'invalid-utf8.ndjson', 'ndjson'),
  checkNdjson: await run('check', 'valid.ndjson', 'ndjson'),
  checkJson: await run('check', 'valid.json', 'json'),
  checkCsv: await run('check', 'valid.csv', 'csv'),
  importNdjson: await run('import', 'valid.ndjson', 'ndjson'),
  importJson: await run('import', 'valid.json', 'json'),
  besideRunningServer: await importBesideServer(
    Number(process.env.IMPORT_BENCH_RECORDS ?? 1_000_000),
    record,
  ),
};
rmSync(folder, { recursive: true, force: true });
console.info(
  JSON.stringify({ bench: 'import', fileMb: MB, database: postgresUrl ? 'postgres' : 'pglite', cases }),
);
