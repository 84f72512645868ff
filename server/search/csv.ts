// Reads CSV rows with csv-parse (RFC 4180: quoted fields may hold commas, doubled quotes and line
// breaks; lines end with LF or CRLF; blank lines are skipped) from lines already checked for length
// and UTF-8. Each row comes with the line it starts on. Rows may differ in width: the caller names
// the row. Any other error ends the rows: past it, nothing tells where the next row starts.
import { CsvError, type InfoRecord, parse } from 'csv-parse';
import { MAX_RECORD_BYTES } from './import-limits';
import type { Utf8Line } from './utf8-lines';

export type CsvRow = { line: number; fields: string[] } | { line: number; error: string };

/** Lines are handed to the parser in pieces of about this size. */
const PIECE_BYTES = 1 << 16;
const LF = Buffer.from('\n');

class LineError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The lines joined again into pieces; a refused line throws once the lines before it are out. */
async function* csvText(lines: AsyncIterable<Utf8Line>) {
  let piece: Buffer[] = [];
  let size = 0;
  for await (const entry of lines) {
    if ('error' in entry) {
      if (size > 0) yield Buffer.concat(piece);
      throw new LineError(entry.line, entry.error);
    }
    piece.push(entry.bytes, LF);
    size += entry.bytes.length + 1;
    if (size >= PIECE_BYTES) {
      yield Buffer.concat(piece);
      piece = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(piece);
}

export async function* readCsvRows(lines: AsyncIterable<Utf8Line>): AsyncGenerator<CsvRow> {
  // Rows are taken as the parser finds them (and kept out of its stream), so that the rows before an
  // error in the same piece are not lost with the stream.
  const rows: CsvRow[] = [];
  // info.lines is the line a row ends on: the next row starts after it and after any blank lines.
  let lastLine = 0;
  let blankLines = 0;
  const parser = parse({
    max_record_size: MAX_RECORD_BYTES,
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    skip_empty_lines: true,
    on_record: (fields: string[], info: InfoRecord) => {
      rows.push({ line: lastLine + 1 + info.empty_lines - blankLines, fields });
      lastLine = info.lines;
      blankLines = info.empty_lines;
      return null;
    },
  });
  // The error also reaches the callbacks below; this listener only keeps it from being unhandled.
  parser.on('error', () => {});
  const settled = (act: (done: (error?: Error | null) => void) => void) =>
    new Promise<Error | null | undefined>((resolve) => act(resolve));
  let error: unknown;
  try {
    for await (const piece of csvText(lines)) {
      error = await settled((done) => parser.write(piece, done));
      yield* rows.splice(0);
      if (error) break;
    }
  } catch (caught) {
    error = caught;
  }
  // The parser keeps the end of its input until it knows there is no more: the lines before a refused
  // one are whole, so their rows still count.
  if (!error || error instanceof LineError) {
    const ended = await settled((done) => parser.end(done));
    error ??= ended;
  }
  yield* rows.splice(0);
  if (error instanceof LineError) yield { line: error.line, error: error.message };
  // csv-parse's message names the line where it failed; the row is named by the line it starts on.
  else if (error instanceof CsvError) yield { line: lastLine + 1, error: error.message };
  else if (error) throw error;
}
