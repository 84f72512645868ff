// Operator CLI: imports NDJSON, a JSON array or CSV into a data source, then rebuilds its index.
//   npm run import -- <source> <file> [--format ndjson|json|csv] [--replace]
// Nothing is written unless every record is valid. With the embedded database, stop the server
// first (one process at a time may open it); with PostgreSQL, running servers pick up the change.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadAppConfig } from '../server/app-config';
import { type Database, openDatabase } from '../server/db/client';
import { DataDirInUseError } from '../server/db/data-dir-lock';
import { configuredDatabaseOptions } from '../server/db/open-configured-database';
import { type Env, parseEnv } from '../server/env';
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

export interface ImportIo {
  /** Results, for stdout. */
  print(line: string): void;
  /** Progress, refusals and errors, for stderr. */
  report(line: string): void;
  /** Redraws one progress line in place (a terminal); absent, progress is a line per tenth. */
  redraw?(text: string, done: boolean): void;
}

class UsageError extends Error {}

const options = { format: { type: 'string' }, replace: { type: 'boolean', default: false } } as const;

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
}

function parseRequest(argv: string[]) {
  const parsed = parseCommandLine(argv);
  const [name, path] = parsed.positionals;
  if (!name || !path || parsed.positionals.length > 2) throw new UsageError(usage);
  const config = loadAppConfig();
  const sources = config.gapSearch.dataSources;
  const source = sources[name];
  if (!source) {
    throw new UsageError(
      `Unknown data source "${name}"; app.config.ts has: ${Object.keys(sources).join(', ')}`,
    );
  }
  if (!existsSync(path)) throw new UsageError(`No file at ${path}`);
  const format = (parsed.values.format ?? formatFromExtension(path)) as ImportFormat | undefined;
  if (!format || !importFormats.includes(format)) {
    throw new UsageError(`Give --format ${importFormats.join('|')} for ${path}`);
  }
  return { config, name, source, path, format, replace: parsed.values.replace };
}

function progressReporter(io: ImportIo) {
  let lastStep = '';
  return (phase: string, done: number, total: number) => {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    const text = `${phase} ${percent}% (${done.toLocaleString('en')} of ${total.toLocaleString('en')}${phase === 'writing' ? ' records' : ' bytes'})`;
    if (io.redraw) return io.redraw(text, done >= total);
    if (`${phase} ${Math.floor(percent / 10)}` === lastStep) return;
    lastStep = `${phase} ${Math.floor(percent / 10)}`;
    io.report(text);
  };
}

async function importInto(database: Database, request: ReturnType<typeof parseRequest>, io: ImportIo) {
  const { name, source, path, format } = request;
  const result = await importDocuments(database.db, name, source, {
    path,
    format,
    replace: request.replace,
    onProgress: progressReporter(io),
  });
  if (!result.ok) {
    const where = positionLabel(format);
    io.report(
      `${path}: ${result.rejectedCount.toLocaleString('en')} of ${result.records.toLocaleString('en')} records rejected; nothing was imported.`,
    );
    for (const { at, reasons } of result.rejected.slice(0, SHOWN_REJECTIONS)) {
      io.report(`  ${at > 0 ? `${where} ${at}` : 'file'}: ${reasons.join('; ')}`);
    }
    if (result.rejectedCount > SHOWN_REJECTIONS) {
      io.report(`  … and ${(result.rejectedCount - SHOWN_REJECTIONS).toLocaleString('en')} more`);
    }
    return 1;
  }
  const { inserted, updated, unchanged, deleted } = result.summary;
  io.print(`${name}: ${inserted} added, ${updated} changed, ${unchanged} unchanged, ${deleted} removed.`);
  // Warnings and errors only: the CLI reports progress and results itself.
  const indexes = createSearchIndexService({
    database,
    config: request.config,
    logger: createLogger('warn'),
  });
  const outcome = await indexes.ensureIndex(name);
  if (outcome === 'busy') {
    // Another process is building this source; it rebuilds once told the documents changed.
    await indexes.documentsChanged(name);
    io.print(`${name}: another server is building this index; it will include the change.`);
  } else {
    io.print(`${name}: index ${outcome === 'built' ? 'rebuilt' : 'already current'}.`);
  }
  return 0;
}

/** Runs one import; answers the exit code (0 done, 1 refused or in use, 2 wrong call). */
export async function runImportCli(argv: string[], env: Env, io: ImportIo): Promise<number> {
  let request: ReturnType<typeof parseRequest>;
  let database: Database;
  try {
    request = parseRequest(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.report(error.message);
    return 2;
  }
  try {
    database = await openDatabase(configuredDatabaseOptions(env));
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    io.report(error.message);
    return 1;
  }
  try {
    return await importInto(database, request, io);
  } finally {
    await database.close();
  }
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let lastDraw = 0;
  const code = await runImportCli(process.argv.slice(2), parseEnv(process.env), {
    print: (line) => console.info(line),
    report: (line) => console.error(line),
    ...(process.stderr.isTTY && {
      redraw(text: string, done: boolean) {
        if (Date.now() - lastDraw < 100 && !done) return;
        lastDraw = Date.now();
        process.stderr.write(`\r${text}\u001b[K${done ? '\n' : ''}`);
      },
    }),
  });
  process.exit(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
