// Operator CLI: imports NDJSON, a JSON array or CSV into a data source, then rebuilds its index.
//   npm run import -- <source> <file> [--format ndjson|json|csv] [--replace]
// Nothing is written unless every record is valid. With the embedded database, stop the server
// first (one process at a time may open it); with PostgreSQL, running servers pick up the change.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadAppConfig } from '../server/app-config';
import { openConfiguredDatabase } from '../server/db/open-configured-database';
import { parseEnv } from '../server/env';
import { createLogger } from '../server/logger';
import { importDocuments } from '../server/search/import-documents';
import {
  formatFromExtension,
  type ImportFormat,
  importFormats,
  positionLabel,
} from '../server/search/import-file';
import { createSearchIndexService } from '../server/search/index-service';

const SHOWN_REJECTIONS = 50;
const usage = `Usage: npm run import -- <source> <file> [--format ${importFormats.join('|')}] [--replace]`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { format: { type: 'string' }, replace: { type: 'boolean', default: false } },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
})();
const [name, path] = positionals;
if (!name || !path || positionals.length > 2) fail(usage);
if (existsSync('.env')) process.loadEnvFile('.env');
const env = parseEnv(process.env);
const config = loadAppConfig();
const source = config.gapSearch.dataSources[name];
if (!source)
  fail(
    `Unknown data source "${name}"; app.config.ts has: ${Object.keys(config.gapSearch.dataSources).join(', ')}`,
  );
if (!existsSync(path)) fail(`No file at ${path}`);
const format = (values.format ?? formatFromExtension(path)) as ImportFormat | undefined;
if (!format || !importFormats.includes(format)) fail(`Give --format ${importFormats.join('|')} for ${path}`);

/** One updating line on a terminal, a line per tenth otherwise (logs, CI). */
function progressReporter() {
  let lastStep = '';
  let lastDraw = 0;
  return (phase: string, done: number, total: number) => {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    const text = `${phase} ${percent}% (${done.toLocaleString('en')} of ${total.toLocaleString('en')}${phase === 'reading' ? ' bytes' : ' records'})`;
    if (process.stderr.isTTY) {
      if (Date.now() - lastDraw < 100 && done < total) return;
      lastDraw = Date.now();
      process.stderr.write(`\r${text}\u001b[K${done >= total ? '\n' : ''}`);
    } else if (`${phase} ${Math.floor(percent / 10)}` !== lastStep) {
      lastStep = `${phase} ${Math.floor(percent / 10)}`;
      console.error(text);
    }
  };
}

// Warnings and errors only: the CLI reports progress and results itself.
const logger = createLogger('warn');
const database = await openConfiguredDatabase(env);
let exitCode = 0;
try {
  const result = await importDocuments(database.db, name, source, {
    path,
    format,
    replace: values.replace,
    onProgress: progressReporter(),
  });
  if (!result.ok) {
    const where = positionLabel(format);
    console.error(
      `${path}: ${result.rejected.length} of ${result.records} records rejected; nothing was imported.`,
    );
    for (const { at, reasons } of result.rejected.slice(0, SHOWN_REJECTIONS)) {
      console.error(`  ${at > 0 ? `${where} ${at}` : 'file'}: ${reasons.join('; ')}`);
    }
    if (result.rejected.length > SHOWN_REJECTIONS) {
      console.error(`  … and ${result.rejected.length - SHOWN_REJECTIONS} more`);
    }
    exitCode = 1;
  } else {
    const { inserted, updated, unchanged, deleted } = result.summary;
    console.info(
      `${name}: ${inserted} added, ${updated} changed, ${unchanged} unchanged, ${deleted} removed.`,
    );
    const indexes = createSearchIndexService({ database, config, logger });
    const outcome = await indexes.ensureIndex(name);
    if (outcome === 'busy') {
      // Another process is building this source; it rebuilds once told the documents changed.
      await indexes.documentsChanged(name);
      console.info(`${name}: another server is building this index; it will include the change.`);
    } else {
      console.info(`${name}: index ${outcome === 'built' ? 'rebuilt' : 'already current'}.`);
    }
  }
} finally {
  await database.close();
}
process.exit(exitCode);
