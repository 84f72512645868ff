// Operator CLI: imports NDJSON, a JSON array or CSV into a data source, then rebuilds its index.
//   npm run import -- <source> <file> [--format ndjson|json|csv] [--replace] [--rejections <file>]
// Nothing is written unless every record is valid; --rejections writes every refused record's line
// and reasons to a tab-separated file. With PostgreSQL, running servers pick up the
// change; with the embedded database held by a running server, the file goes to that server
// (server-handover.ts), which checks, writes and indexes it in the same way.
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import {
  type ImportOutcome,
  PROGRESS_MEDIA_TYPE,
  type ProgressLine,
  type SourceStatus,
} from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { loadAppConfig } from '../server/app-config';
import type { Database } from '../server/db/client';
import { DataDirInUseError } from '../server/db/data-dir-lock';
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
import { parseCommandLine } from './command-line';
import { answer, openOrHandOver, type RunningServer, ServerRefusedError } from './server-handover';

const SHOWN_REJECTIONS = 50;
const usage = `Usage: npm run import -- <source> <file> [--format ${importFormats.join('|')}] [--replace] [--rejections <file>]`;

export interface ImportIo {
  /** Results, for stdout. */
  print(line: string): void;
  /** Progress, refusals and errors, for stderr. */
  report(line: string): void;
  /** Redraws one progress line in place (a terminal); absent, progress is a line per tenth. */
  redraw?(text: string, done: boolean): void;
}

class UsageError extends Error {}

const options = {
  format: { type: 'string' },
  replace: { type: 'boolean', default: false },
  rejections: { type: 'string' },
} as const;

function parseRequest(argv: string[]) {
  const parsed = parseCommandLine(
    { args: argv, allowPositionals: true, options },
    usage,
    (message) => new UsageError(message),
  );
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
  const { replace, rejections } = parsed.values;
  return { config, name, source, path, format, replace, rejections };
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

type ImportRequest = ReturnType<typeof parseRequest>;
type Progress = ReturnType<typeof progressReporter>;

/** Prints what an import did, or why nothing was imported; answers the exit code. */
function reportOutcome(request: ImportRequest, outcome: ImportOutcome, io: ImportIo): number {
  const { name, path, format } = request;
  if (!outcome.applied) {
    const where = positionLabel(format);
    io.report(
      `${path}: ${outcome.rejectedCount.toLocaleString('en')} of ${outcome.records.toLocaleString('en')} records rejected; nothing was imported.`,
    );
    for (const { at, reasons } of outcome.rejected.slice(0, SHOWN_REJECTIONS)) {
      io.report(`  ${at > 0 ? `${where} ${at}` : 'file'}: ${reasons.join('; ')}`);
    }
    if (outcome.rejectedCount > SHOWN_REJECTIONS) {
      const more = (outcome.rejectedCount - SHOWN_REJECTIONS).toLocaleString('en');
      io.report(`  … and ${more} more${request.rejections ? '' : ' (--rejections <file> writes them all)'}`);
    }
    if (request.rejections) io.report(`Every rejected record: ${request.rejections}`);
    return 1;
  }
  const { inserted, updated, unchanged, deleted } = outcome.applied;
  io.print(`${name}: ${inserted} added, ${updated} changed, ${unchanged} unchanged, ${deleted} removed.`);
  return 0;
}

async function importInto(database: Database, request: ImportRequest, io: ImportIo) {
  const { name, source, path, format } = request;
  const result = await importDocuments(database.db, name, source, {
    path,
    format,
    replace: request.replace,
    onProgress: progressReporter(io),
    rejectionReport: request.rejections,
  });
  const outcome: ImportOutcome = result.ok
    ? {
        id: null,
        records: result.records,
        rejectedCount: 0,
        rejected: [],
        report: null,
        applied: { records: result.records, ...result.summary },
      }
    : { id: null, ...result, report: request.rejections ?? null, applied: null };
  const code = reportOutcome(request, outcome, io);
  if (code !== 0) return code;
  // Warnings and errors only: the CLI reports progress and results itself.
  const indexes = createSearchIndexService({
    database,
    config: request.config,
    logger: createLogger('warn'),
  });
  const built = await indexes.ensureIndex(name);
  if (built === 'busy') {
    // Another process is building this source; it rebuilds once told the documents changed.
    await indexes.documentsChanged(name);
    io.print(`${name}: another server is building this index; it will include the change.`);
  } else {
    io.print(`${name}: index ${built === 'built' ? 'rebuilt' : 'already current'}.`);
  }
  return 0;
}

/** The file's bytes, reported as uploaded while the server receives them. */
async function* uploaded(path: string, progress: Progress) {
  const total = statSync(path).size;
  let sent = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Buffer>) {
    sent += chunk.length;
    progress('uploading', sent, total);
    yield chunk;
  }
}

/** How often the CLI asks a running server whether the new index is built. */
const INDEX_POLL_MS = 500;

/** Sends the file to the server holding the embedded database: it checks, writes and indexes it. */
async function importThrough(server: RunningServer, request: ImportRequest, io: ImportIo) {
  const { name, path, format } = request;
  io.report(`The embedded database is in use by the server at ${server.url}; the import runs there.`);
  const progress = progressReporter(io);
  const query = `format=${format}&apply=${request.replace ? 'replace' : 'merge'}`;
  const response = await server.request(`${apiPaths.admin.imports(name)}?${query}`, {
    method: 'POST',
    headers: { Accept: PROGRESS_MEDIA_TYPE, 'Content-Type': 'application/octet-stream' },
    body: uploaded(path, progress) as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit);
  if (!response.ok) await answer(response);
  if (!response.body) throw new ServerRefusedError('The server sent no answer.');
  let outcome: ImportOutcome | undefined;
  let rest = '';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const lines = (rest + read.value).split('\n');
    rest = lines.pop()!;
    for (const line of lines.filter(Boolean).map((l) => JSON.parse(l) as ProgressLine<ImportOutcome>)) {
      if ('progress' in line) progress(line.progress.phase, line.progress.done, line.progress.total);
      else if ('error' in line) throw new ServerRefusedError(line.error.message);
      else outcome = line.result;
    }
  }
  if (!outcome) throw new ServerRefusedError('The server ended the import without a result.');
  if (outcome.report && request.rejections) {
    const report = await server.request(outcome.report);
    if (!report.ok) await answer(report);
    if (!report.body) throw new ServerRefusedError('The server sent an empty rejection report.');
    await pipeline(Readable.fromWeb(report.body as never), createWriteStream(request.rejections));
  }
  const code = reportOutcome(request, outcome, io);
  if (code !== 0) return code;
  for (;;) {
    const sources = await answer<SourceStatus[]>(await server.request(apiPaths.admin.sources));
    if (!sources.find((s) => s.name === name)?.stale) break;
    await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
  }
  io.print(`${name}: index rebuilt.`);
  return 0;
}

/** Runs one import; answers the exit code (0 done, 1 refused or in use, 2 wrong call). */
export async function runImportCli(argv: string[], env: Env, io: ImportIo): Promise<number> {
  let request: ImportRequest;
  try {
    request = parseRequest(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.report(error.message);
    return 2;
  }
  try {
    const target = await openOrHandOver(env);
    if ('server' in target) return await importThrough(target.server, request, io);
    try {
      return await importInto(target.database, request, io);
    } finally {
      await target.database.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirInUseError || error instanceof ServerRefusedError)) throw error;
    io.report(error.message);
    return 1;
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
