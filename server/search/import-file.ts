// Reads an import file (NDJSON, JSON array or CSV) into records, streaming every format so that memory
// stays bounded whatever the file's size. Unreadable entries come back as rejections (a line or record
// over MAX_RECORD_BYTES, invalid UTF-8, invalid JSON or CSV); CSV cells are typed per the source config.
import { createReadStream, statSync } from 'node:fs';
import { extname } from 'node:path';
import { importFormats } from '#shared/admin/admin-api';
import type { DataSourceConfig } from '#shared/app-config';
import { type CsvRow, readCsvRows } from './csv';
import { readJsonArray } from './json-array';
import { utf8Lines } from './utf8-lines';

export { importFormats };
export type ImportFormat = (typeof importFormats)[number];

export type ImportEntry = { at: number; record: unknown } | { at: number; error: string };

export function formatFromExtension(path: string): ImportFormat | undefined {
  const extension = extname(path).toLowerCase();
  if (extension === '.ndjson' || extension === '.jsonl') return 'ndjson';
  if (extension === '.json') return 'json';
  if (extension === '.csv') return 'csv';
  return undefined;
}

/** Where an entry's `at` points: a line for NDJSON and CSV, a position in the array for JSON. */
export const positionLabel = (format: ImportFormat) => (format === 'json' ? 'record' : 'line');

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The file's bytes, without a leading UTF-8 byte order mark. */
async function* fileBytes(path: string, onProgress?: (read: number, total: number) => void) {
  const total = statSync(path).size;
  let read = 0;
  // 64 KiB chunks: how far past a limit a reader may get before it checks again.
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Buffer>) {
    const first = read === 0;
    read += chunk.length;
    onProgress?.(read, total);
    yield first && chunk.subarray(0, 3).equals(BOM) ? chunk.subarray(3) : chunk;
  }
}

async function* ndjsonEntries(bytes: AsyncIterable<Buffer>): AsyncGenerator<ImportEntry> {
  for await (const line of utf8Lines(bytes)) {
    if ('error' in line) {
      yield { at: line.line, error: line.error };
      continue;
    }
    const text = line.bytes.toString();
    if (text.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      yield { at: line.line, error: `not valid JSON (${(error as Error).message})` };
      continue;
    }
    yield { at: line.line, record };
  }
}

async function* jsonEntries(bytes: AsyncIterable<Buffer>): AsyncGenerator<ImportEntry> {
  for await (const element of readJsonArray(bytes)) {
    yield 'error' in element
      ? { at: element.position, error: element.error }
      : { at: element.position, record: element.value };
  }
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * Turns CSV rows under the header row into records: arrays from JSON or `a|b|c`, numbers where the
 * config has no text type. The columns are sorted out once, not per row.
 */
function csvRecords(source: DataSourceConfig, headerRow: string[]) {
  const header = headerRow.map((name) => name.trim());
  const types: Record<string, string> = { ...source.searchProperties, ...source.indexedProperties };
  const textual = new Set([source.keyProperty, source.titleProperty, ...Object.keys(types)]);
  const columns = header.map((name) => ({
    name,
    kind: types[name]?.endsWith('[]') ? 'array' : textual.has(name) ? 'text' : 'text or number',
  }));
  return (row: Extract<CsvRow, { fields: unknown }>): ImportEntry => {
    if (row.fields.length !== header.length) {
      return { at: row.line, error: `has ${row.fields.length} fields, the header has ${header.length}` };
    }
    const record: Record<string, unknown> = {};
    for (const [i, { name, kind }] of columns.entries()) {
      const cell = row.fields[i]!;
      if (cell === '') continue;
      if (kind === 'array') {
        if (cell.startsWith('[')) {
          try {
            record[name] = JSON.parse(cell);
          } catch {
            return { at: row.line, error: `"${name}" starts with [ but is not a JSON array` };
          }
        } else {
          record[name] = cell
            .split('|')
            .map((v) => v.trim())
            .filter(Boolean);
        }
      } else if (kind === 'text or number' && NUMBER.test(cell)) {
        record[name] = Number(cell);
      } else {
        record[name] = cell;
      }
    }
    return { at: row.line, record };
  };
}

async function* csvEntries(
  source: DataSourceConfig,
  bytes: AsyncIterable<Buffer>,
): AsyncGenerator<ImportEntry> {
  let toRecord: ReturnType<typeof csvRecords> | undefined;
  for await (const row of readCsvRows(utf8Lines(bytes))) {
    if ('error' in row) yield { at: row.line, error: row.error };
    else if (toRecord) yield toRecord(row);
    else toRecord = csvRecords(source, row.fields);
  }
}

export function readImportFile(
  path: string,
  format: ImportFormat,
  source: DataSourceConfig,
  onProgress?: (read: number, total: number) => void,
): AsyncGenerator<ImportEntry> {
  const bytes = fileBytes(path, onProgress);
  if (format === 'ndjson') return ndjsonEntries(bytes);
  if (format === 'json') return jsonEntries(bytes);
  return csvEntries(source, bytes);
}
