// Reads an import file (NDJSON, JSON array or CSV) into records, streaming where the format allows.
// Unreadable entries come back as rejections; CSV cells are typed per the source config.
import { createReadStream, statSync } from 'node:fs';
import { extname } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { DataSourceConfig } from '../../shared/app-config';
import { CsvReader, type CsvRow } from './csv';

export const importFormats = ['ndjson', 'json', 'csv'] as const;
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

async function* textChunks(path: string, onProgress?: (read: number, total: number) => void) {
  const total = statSync(path).size;
  const decoder = new StringDecoder('utf8');
  let read = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    read += (chunk as Buffer).length;
    onProgress?.(read, total);
    yield decoder.write(chunk as Buffer);
  }
  yield decoder.end();
}

async function* ndjsonEntries(chunks: AsyncIterable<string>): AsyncGenerator<ImportEntry> {
  let rest = '';
  let line = 0;
  const parse = (text: string): ImportEntry | undefined => {
    line += 1;
    if (text.trim() === '') return undefined;
    try {
      return { at: line, record: JSON.parse(text) };
    } catch (error) {
      return { at: line, error: `not valid JSON (${(error as Error).message})` };
    }
  };
  for await (const chunk of chunks) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    for (const text of lines) {
      const entry = parse(text);
      if (entry) yield entry;
    }
  }
  const last = parse(rest);
  if (last) yield last;
}

async function* jsonEntries(chunks: AsyncIterable<string>): AsyncGenerator<ImportEntry> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    yield { at: 0, error: `the file is not valid JSON (${(error as Error).message})` };
    return;
  }
  if (!Array.isArray(parsed)) {
    yield { at: 0, error: 'a JSON import file must hold an array of records' };
    return;
  }
  for (const [i, record] of parsed.entries()) yield { at: i + 1, record };
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** Turns a CSV row into a record: arrays from JSON or `a|b|c`, numbers where the config has no text type. */
function csvRecord(source: DataSourceConfig, header: string[], row: CsvRow): ImportEntry {
  if (row.fields.length !== header.length) {
    return { at: row.line, error: `has ${row.fields.length} fields, the header has ${header.length}` };
  }
  const types: Record<string, string> = { ...source.searchProperties, ...source.indexedProperties };
  const textual = new Set([source.keyProperty, source.titleProperty, ...Object.keys(types)]);
  const record: Record<string, unknown> = {};
  for (const [i, name] of header.entries()) {
    const cell = row.fields[i]!;
    if (cell === '') continue;
    if (types[name]?.endsWith('[]')) {
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
    } else if (!textual.has(name) && NUMBER.test(cell)) {
      record[name] = Number(cell);
    } else {
      record[name] = cell;
    }
  }
  return { at: row.line, record };
}

async function* csvEntries(
  source: DataSourceConfig,
  chunks: AsyncIterable<string>,
): AsyncGenerator<ImportEntry> {
  const reader = new CsvReader();
  let header: string[] | undefined;
  const entries = function* (rows: CsvRow[]): Generator<ImportEntry> {
    for (const row of rows) {
      if (!header) header = row.fields.map((f) => f.trim());
      else yield csvRecord(source, header, row);
    }
  };
  try {
    for await (const chunk of chunks) yield* entries(reader.push(chunk));
    yield* entries(reader.end());
  } catch (error) {
    yield { at: 0, error: (error as Error).message };
  }
}

export function readImportFile(
  path: string,
  format: ImportFormat,
  source: DataSourceConfig,
  onProgress?: (read: number, total: number) => void,
): AsyncGenerator<ImportEntry> {
  const chunks = textChunks(path, onProgress);
  if (format === 'ndjson') return ndjsonEntries(chunks);
  if (format === 'json') return jsonEntries(chunks);
  return csvEntries(source, chunks);
}
