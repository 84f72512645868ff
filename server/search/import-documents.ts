// Imports a file into a source, all or nothing: every record is read and validated first, and
// only a file without a single rejection is written (in one transaction).
import type { DataSourceConfig } from '../../shared/app-config';
import type { Db } from '../db/client';
import { type WriteSummary, writeDocuments } from './document-store';
import { type ImportFormat, readImportFile } from './import-file';
import { type Rejection, validateRecords } from './record-validation';

export type ImportResult =
  | { ok: true; records: number; summary: WriteSummary }
  | { ok: false; records: number; rejected: Rejection[] };

export interface ImportOptions {
  path: string;
  format: ImportFormat;
  /** Also delete the source's documents that the file does not hold. */
  replace?: boolean;
  onProgress?: (phase: 'reading' | 'writing', done: number, total: number) => void;
}

export async function importDocuments(
  db: Db,
  name: string,
  source: DataSourceConfig,
  options: ImportOptions,
): Promise<ImportResult> {
  const entries: { at: number; record: unknown }[] = [];
  const unreadable: Rejection[] = [];
  const reading = (read: number, total: number) => options.onProgress?.('reading', read, total);
  for await (const entry of readImportFile(options.path, options.format, source, reading)) {
    if ('error' in entry) unreadable.push({ at: entry.at, reasons: [entry.error] });
    else entries.push(entry);
  }
  const { valid, rejected } = validateRecords(source, entries);
  const records = entries.length + unreadable.length;
  const problems = [...unreadable, ...rejected].sort((a, b) => a.at - b.at);
  if (problems.length === 0 && records === 0)
    problems.push({ at: 0, reasons: ['the file holds no records'] });
  if (problems.length > 0) return { ok: false, records, rejected: problems };
  const summary = await writeDocuments(db, name, valid, {
    replace: options.replace,
    onProgress: (written) => options.onProgress?.('writing', written, valid.length),
  });
  return { ok: true, records, summary };
}
