// Reads and writes a source's documents. Writes are all-or-nothing (one transaction), and leave
// unchanged rows untouched so that re-importing the same data does not trigger a rebuild.
import { and, eq, getTableName, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documentRemovals, documents, importPrevious, sourceRevisions } from '../db/schema/documents';
import type { ValidRecord } from './record-validation';

const WRITE_BATCH = 2000;
/** Documents added or removed by one write past which the table's statistics are gathered again. */
const ANALYZE_AFTER_ROWS = 10_000;

/**
 * Gathers the documents table's statistics. Without them the planner takes a source for a few
 * hundred rows and, for every page of documentPages, reads all of the source's remaining rows and
 * sorts them (448 ms a page instead of 9 ms at 135,000 cities, growing with the source). The
 * embedded database has no autovacuum to gather them; PostgreSQL's does, but a minute or so late.
 */
const analyzeDocuments = (db: Db) => db.execute(sql`analyze ${documents}`);

export interface WriteSummary {
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

/**
 * Lets timers and requests run between batches: an embedded PGlite query never leaves the event
 * loop, so a long run of them would otherwise starve the server.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Groups `items` into arrays of `size`, reading them only as each array is wanted. */
async function* batches<T>(items: Iterable<T> | AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export type WriteOptions = { onProgress?: (written: number) => void } & (
  | {
      atomic?: true;
      replace?: boolean;
      /** Keep the versions this write replaces (import_previous), for undoLastImport; forgets the earlier ones. */
      keepPrevious?: boolean;
    }
  | { atomic: false }
);

/**
 * Raises `source`'s document revision; called in the transaction of every write, so that a revision
 * newer than the artifact's means a rebuild is due even if the writer died before announcing it.
 */
export async function markDocumentsChanged(db: Db, source: string): Promise<void> {
  await db
    .insert(sourceRevisions)
    .values({ source, revision: 1 })
    .onConflictDoUpdate({
      target: sourceRevisions.source,
      set: { revision: sql`${sourceRevisions.revision} + 1`, changedAt: sql`now()` },
    });
}

/**
 * Upserts `records` into `source` in one transaction, reading them batch by batch (they may stream from
 * a file); with `replace`, also deletes the source's documents whose key is not among them. An embedded
 * database has one session, which that transaction holds from every other query until it commits:
 * the import CLI opens the embedded database alone, and `atomic: false` (the demo seed, while the
 * server answers) commits batch by batch instead.
 */
export async function writeDocuments(
  db: Db,
  source: string,
  records: Iterable<ValidRecord> | AsyncIterable<ValidRecord>,
  options: WriteOptions = {},
): Promise<WriteSummary> {
  const replace = options.atomic !== false && options.replace === true;
  const keepPrevious = options.atomic !== false && options.keepPrevious === true;
  const write = async (tx: Db) => {
    const summary: WriteSummary = { inserted: 0, updated: 0, unchanged: 0, deleted: 0 };
    if (keepPrevious) await tx.delete(importPrevious).where(eq(importPrevious.source, source));
    // The keys written, for `replace`: in the transaction's own table rather than in memory.
    if (replace)
      await tx.execute(sql`create temporary table written_keys (key text primary key) on commit drop`);
    let written = 0;
    for await (const batch of batches(records, WRITE_BATCH)) {
      // One JSON parameter per batch: 2.4× faster than a multi-row VALUES list on PGlite.
      const rows = JSON.stringify(batch.map((r) => ({ key: r.key, document: r.document, rank: r.rank })));
      if (keepPrevious) {
        // What this batch is about to add (no previous document) or change.
        await tx.execute(sql`
          insert into ${importPrevious} (source, key, document, rank)
          select ${source}, r.key, d.document, d.rank
          from jsonb_to_recordset(${rows}::jsonb) as r(key text, document jsonb, rank double precision)
          left join ${documents} d on d.source = ${source} and d.key = r.key
          where d.key is null or d.document is distinct from r.document or d.rank is distinct from r.rank
          on conflict do nothing`);
      }
      const result = (await tx.execute(sql`
        insert into ${documents} (source, key, document, rank)
        select ${source}, r.key, r.document, r.rank
        from jsonb_to_recordset(${rows}::jsonb) as r(key text, document jsonb, rank double precision)
        on conflict (source, key) do update
          set document = excluded.document, rank = excluded.rank, updated_at = now()
          where ${documents.document} is distinct from excluded.document
             or ${documents.rank} is distinct from excluded.rank
        returning (xmax = 0) as inserted`)) as unknown as { rows: { inserted: boolean }[] };
      // xmax is 0 on a freshly inserted row version, non-zero on an updated one; unchanged rows are not returned.
      const inserted = result.rows.filter((row) => row.inserted).length;
      summary.inserted += inserted;
      summary.updated += result.rows.length - inserted;
      summary.unchanged += batch.length - result.rows.length;
      if (result.rows.length > 0) await markDocumentsChanged(tx, source);
      if (replace) {
        const keys = JSON.stringify(batch.map((r) => r.key));
        await tx.execute(sql`insert into written_keys select jsonb_array_elements_text(${keys}::jsonb)`);
      }
      written += batch.length;
      options.onProgress?.(written);
      await yieldToEventLoop();
    }
    if (replace) {
      if (keepPrevious) {
        await tx.execute(sql`
          insert into ${importPrevious} (source, key, document, rank)
          select d.source, d.key, d.document, d.rank from ${documents} d
          where d.source = ${source} and not exists (select from written_keys w where w.key = d.key)`);
      }
      const result = (await tx.execute(sql`
        with deleted as (
          delete from ${documents}
          where ${documents.source} = ${source}
            and not exists (select from written_keys w where w.key = ${documents.key})
          returning 1)
        select count(*)::int as count from deleted`)) as unknown as { rows: { count: number }[] };
      summary.deleted = result.rows[0]?.count ?? 0;
      if (summary.deleted > 0) await markDocumentsChanged(tx, source);
    }
    return summary;
  };
  const summary = options.atomic === false ? await write(db) : await db.transaction((tx) => write(tx));
  if (summary.inserted + summary.deleted >= ANALYZE_AFTER_ROWS) await analyzeDocuments(db);
  return summary;
}

/** How many documents `source` holds; with `keys`, only those whose key is among them. */
export async function countDocuments(db: Db, source: string, keys?: string[]): Promise<number> {
  const among =
    keys && sql`${documents.key} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.source, source), among));
  return row?.count ?? 0;
}

/** The advisory lock every statement writing documents holds, shared, until its transaction ends (migration 0007). */
const DOCUMENT_WRITES_LOCK = 736174;

/**
 * The last number document_seq gave out, when every transaction that took one has ended: a build
 * that reads the documents after this sees every change numbered up to it. Null while a write is
 * under way (its numbers may yet commit): ask again after it.
 */
export async function readDocumentsMark(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = (
      (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${DOCUMENT_WRITES_LOCK}) as locked`,
      )) as unknown as {
        rows: { locked: boolean }[];
      }
    ).rows;
    if (!lock?.locked) return null;
    const [seq] = (
      (await tx.execute(sql`select last_value::text as last, is_called from document_seq`)) as unknown as {
        rows: { last: string; is_called: boolean }[];
      }
    ).rows;
    return seq?.is_called ? Number(seq.last) : 0;
  });
}

/** The number of `source`'s latest change (a document written or removed); 0 before any. */
export async function latestChange(db: Db, source: string): Promise<number> {
  const [row] = (
    (await db.execute(sql`
      select greatest(
        (select max(${documents.seq}) from ${documents} where ${documents.source} = ${source}),
        (select max(${documentRemovals.seq}) from ${documentRemovals} where ${documentRemovals.source} = ${source})
      )::text as latest`)) as unknown as { rows: { latest: string | null }[] }
  ).rows;
  return Number(row?.latest ?? 0);
}

/** How many of `source`'s documents were written or removed after change number `mark`. */
export async function countChangesSince(db: Db, source: string, mark: number): Promise<number> {
  const [row] = (
    (await db.execute(sql`
      select
        (select count(*) from ${documents} where ${documents.source} = ${source} and ${documents.seq} > ${mark})
        + (select count(*) from ${documentRemovals}
           where ${documentRemovals.source} = ${source} and ${documentRemovals.seq} > ${mark})
        as changes`)) as unknown as { rows: { changes: number | string }[] }
  ).rows;
  return Number(row?.changes ?? 0);
}

/** Keys of `source`'s documents removed after change number `mark`. */
export async function keysRemovedSince(db: Db, source: string, mark: number): Promise<string[]> {
  const rows = await db
    .select({ key: documentRemovals.key })
    .from(documentRemovals)
    .where(and(eq(documentRemovals.source, source), gt(documentRemovals.seq, mark)));
  return rows.map((row) => row.key);
}

export interface DocumentRow {
  key: string;
  /** The document as JSON text: cheaper to hand to a worker thread than parsed objects. */
  json: string;
}

/** The source's documents in pages of `pageSize`, in key order, so no single query blocks for long. */
export async function* documentPages(db: Db, source: string, pageSize = 2000): AsyncGenerator<DocumentRow[]> {
  // A database written before writes gathered statistics may never have had any.
  const [table] = (
    (await db.execute(
      sql`select reltuples from pg_class where oid = ${getTableName(documents)}::regclass`,
    )) as unknown as {
      rows: { reltuples: number }[];
    }
  ).rows;
  if (table && table.reltuples < 0) await analyzeDocuments(db);
  let after = '';
  for (;;) {
    const page = await db
      .select({ key: documents.key, json: sql<string>`${documents.document}::text` })
      .from(documents)
      .where(and(eq(documents.source, source), gt(documents.key, after)))
      .orderBy(documents.key)
      .limit(pageSize);
    if (page.length === 0) return;
    yield page;
    after = page.at(-1)!.key;
    await yieldToEventLoop();
  }
}

/** The source's documents written after change number `mark`, in pages in the order of their numbers. */
export async function* documentPagesSince(
  db: Db,
  source: string,
  mark: number,
  pageSize = 2000,
): AsyncGenerator<DocumentRow[]> {
  let after = mark;
  for (;;) {
    const page = await db
      .select({ key: documents.key, json: sql<string>`${documents.document}::text`, seq: documents.seq })
      .from(documents)
      .where(and(eq(documents.source, source), gt(documents.seq, after)))
      .orderBy(documents.seq)
      .limit(pageSize);
    if (page.length === 0) return;
    yield page.map(({ key, json }) => ({ key, json }));
    after = page.at(-1)!.seq;
    await yieldToEventLoop();
  }
}

export interface UndoSummary {
  /** Documents put back as they were before the import (changed or removed by it). */
  restored: number;
  /** Documents the import had added, removed again. */
  removed: number;
}

/**
 * Puts back what the last import of `source` replaced (writeDocuments' keepPrevious), in one
 * transaction, and forgets it; null when there is nothing to undo. Edits made since are overwritten.
 */
export async function undoLastImport(db: Db, source: string): Promise<UndoSummary | null> {
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(importPrevious)
      .where(eq(importPrevious.source, source));
    if (!kept?.count) return null;
    const removed = (await tx.execute(sql`
      with removed as (
        delete from ${documents} d using ${importPrevious} p
        where p.source = ${source} and p.document is null and d.source = p.source and d.key = p.key
        returning 1)
      select count(*)::int as count from removed`)) as unknown as { rows: { count: number }[] };
    const restored = (await tx.execute(sql`
      with restored as (
        insert into ${documents} (source, key, document, rank)
        select p.source, p.key, p.document, p.rank from ${importPrevious} p
        where p.source = ${source} and p.document is not null
        on conflict (source, key) do update
          set document = excluded.document, rank = excluded.rank, updated_at = now()
        returning 1)
      select count(*)::int as count from restored`)) as unknown as { rows: { count: number }[] };
    await tx.delete(importPrevious).where(eq(importPrevious.source, source));
    await markDocumentsChanged(tx, source);
    return { restored: restored.rows[0]?.count ?? 0, removed: removed.rows[0]?.count ?? 0 };
  });
}

/** Whether `source` has an import to undo. */
export async function hasImportToUndo(db: Db, source: string): Promise<boolean> {
  const [row] = await db
    .select({ key: importPrevious.key })
    .from(importPrevious)
    .where(eq(importPrevious.source, source))
    .limit(1);
  return row !== undefined;
}
