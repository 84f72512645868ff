// Imports a file into a source, all or nothing, in memory that grows by no more than 8 bytes a record
// (key hashes). A first read checks every record (the first MAX_LISTED_REJECTIONS rejections are
// kept, all are counted, and all can be written to a report file); only a file without a single
// rejection is read again and written, batch by batch, in one transaction.
import { statSync } from 'node:fs';
import type { DataSourceConfig } from '#shared/app-config';
import type { Db } from '../db/client';
import { type WriteSummary, writeDocuments } from './document-store';
import { type ImportFormat, readImportFile } from './import-file';
import { KeyHashes, keyHash } from './key-hashes';
import {
  duplicateKeyReason,
  type Rejection,
  reasonsOf,
  type ValidRecord,
  validateRecord,
} from './record-validation';
import { createRejectionReport } from './rejection-report';

/** Rejections kept to show; past them, only counted. */
export const MAX_LISTED_REJECTIONS = 1000;

export interface ImportCheck {
  records: number;
  rejectedCount: number;
  /** The first MAX_LISTED_REJECTIONS rejections, in file order. */
  rejected: Rejection[];
}

export type ImportResult =
  | { ok: true; records: number; summary: WriteSummary }
  | ({ ok: false } & ImportCheck);

export type ImportPhase = 'reading' | 'checking keys' | 'writing';

export interface ImportOptions {
  path: string;
  format: ImportFormat;
  /** Also delete the source's documents that the file does not hold. */
  replace?: boolean;
  /** Bytes of the file while reading (and again while checking repeated keys), then records written. */
  onProgress?: (phase: ImportPhase, done: number, total: number) => void;
  /** Where to write every rejection (rejection-report.ts); nothing is left there when there is none. */
  rejectionReport?: string;
}

/** The first MAX_LISTED_REJECTIONS rejections in file order, and how many there were. */
class RejectionList {
  private kept: Rejection[] = [];
  count = 0;

  add(rejection: Rejection) {
    this.count += 1;
    this.kept.push(rejection);
    if (this.kept.length >= 2 * MAX_LISTED_REJECTIONS) this.trim();
  }

  list(): Rejection[] {
    this.trim();
    return this.kept;
  }

  private trim() {
    this.kept = this.kept.sort((a, b) => a.at - b.at).slice(0, MAX_LISTED_REJECTIONS);
  }
}

/** The file's entries, reporting the bytes read as `phase` (none while writing: records are reported). */
const readEntries = (source: DataSourceConfig, options: ImportOptions, phase?: ImportPhase) =>
  readImportFile(
    options.path,
    options.format,
    source,
    phase && ((read, total) => options.onProgress?.(phase, read, total)),
  );

/** The records of the file that pass validateRecord, in file order. */
async function* validRecords(source: DataSourceConfig, options: ImportOptions, phase?: ImportPhase) {
  for await (const entry of readEntries(source, options, phase)) {
    const check = 'error' in entry ? undefined : validateRecord(source, entry.record);
    if (check?.ok) yield { at: entry.at, record: check.record };
  }
}

/** Second uses of a key, given the hashes of the keys that may repeat. */
async function* repeatedKeys(source: DataSourceConfig, options: ImportOptions, hashes: Set<number>) {
  const firstSeen = new Map<string, number>();
  for await (const { at, record } of validRecords(source, options, 'checking keys')) {
    if (!hashes.has(keyHash(record.key))) continue;
    const earlier = firstSeen.get(record.key);
    if (earlier === undefined) firstSeen.set(record.key, at);
    else yield { at, reasons: [duplicateKeyReason(record.key, earlier)] };
  }
}

/** Reads and checks the whole file, writing nothing: what an import of it would reject. */
export async function checkImportFile(
  source: DataSourceConfig,
  options: ImportOptions,
): Promise<ImportCheck> {
  const rejections = new RejectionList();
  const report = options.rejectionReport ? createRejectionReport(options.rejectionReport) : undefined;
  const reject = async (rejection: Rejection) => {
    rejections.add(rejection);
    await report?.add(rejection);
  };
  const keys = new KeyHashes();
  let records = 0;
  try {
    for await (const entry of readEntries(source, options, 'reading')) {
      records += 1;
      const check =
        'error' in entry
          ? { ok: false as const, problems: [{ reason: entry.error }] }
          : validateRecord(source, entry.record);
      if (check.ok) keys.add(check.record.key);
      else await reject({ at: entry.at, reasons: reasonsOf(check.problems) });
    }
    report?.secondPass();
    const repeated = keys.repeated();
    if (repeated.size > 0) {
      for await (const rejection of repeatedKeys(source, options, repeated)) await reject(rejection);
    }
    if (records === 0) await reject({ at: 0, reasons: ['the file holds no records'] });
    if (rejections.count > 0) await report?.finish();
    else await report?.discard();
  } catch (error) {
    await report?.discard();
    throw error;
  }
  return { records, rejectedCount: rejections.count, rejected: rejections.list() };
}

const fileStamp = (path: string) => {
  const { size, mtimeMs } = statSync(path);
  return `${size}:${mtimeMs}`;
};

export async function importDocuments(
  db: Db,
  name: string,
  source: DataSourceConfig,
  options: ImportOptions,
): Promise<ImportResult> {
  const stamp = fileStamp(options.path);
  const check = await checkImportFile(source, options);
  if (check.rejectedCount > 0) return { ok: false, ...check };
  // Read again, so that no more than a batch is held; a file changed since the check rolls back.
  async function* checkedRecords(): AsyncGenerator<ValidRecord> {
    let count = 0;
    for await (const { record } of validRecords(source, options)) {
      count += 1;
      yield record;
    }
    if (count !== check.records || fileStamp(options.path) !== stamp) {
      throw new Error(`${options.path} changed while it was imported; nothing was written`);
    }
  }
  const summary = await writeDocuments(db, name, checkedRecords(), {
    replace: options.replace,
    keepPrevious: true,
    onProgress: (written) => options.onProgress?.('writing', written, check.records),
  });
  return { ok: true, records: check.records, summary };
}
