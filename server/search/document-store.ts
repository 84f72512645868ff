// Reads and writes a source's documents. Writes are all-or-nothing (one transaction), and leave
// unchanged rows untouched so that re-importing the same data does not trigger a rebuild.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documents } from '../db/schema/documents';
import type { ValidRecord } from './record-validation';

const WRITE_BATCH = 2000;

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

/**
 * Upserts `records` into `source` in one transaction; with `replace`, also deletes the source's
 * documents whose key is not among them. `atomic: false` commits batch by batch instead: an
 * embedded database has one session, which a long transaction would hold from every request.
 */
export async function writeDocuments(
  db: Db,
  source: string,
  records: ValidRecord[],
  options: { replace?: boolean; atomic?: boolean; onProgress?: (written: number) => void } = {},
): Promise<WriteSummary> {
  const write = async (tx: Db) => {
    const summary: WriteSummary = { inserted: 0, updated: 0, unchanged: 0, deleted: 0 };
    for (let start = 0; start < records.length; start += WRITE_BATCH) {
      const batch = records.slice(start, start + WRITE_BATCH);
      // One JSON parameter per batch: 2.4× faster than a multi-row VALUES list on PGlite.
      const rows = JSON.stringify(batch.map((r) => ({ key: r.key, document: r.document, rank: r.rank })));
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
      options.onProgress?.(Math.min(start + WRITE_BATCH, records.length));
      await yieldToEventLoop();
    }
    if (options.replace) {
      const keys = JSON.stringify(records.map((r) => r.key));
      const deleted = await tx
        .delete(documents)
        .where(
          and(
            eq(documents.source, source),
            sql`${documents.key} not in (select jsonb_array_elements_text(${keys}::jsonb))`,
          ),
        )
        .returning({ key: documents.key });
      summary.deleted = deleted.length;
    }
    return summary;
  };
  return options.atomic === false ? write(db) : db.transaction((tx) => write(tx));
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

/** Changes whenever a document of the source is added, changed or removed. */
export async function documentsFingerprint(db: Db, source: string): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      hash: sql<string>`coalesce(sum(hashtextextended(${documents.key} || ':' || extract(epoch from ${documents.updatedAt})::text, 0)), 0)::text`,
    })
    .from(documents)
    .where(eq(documents.source, source));
  return `${row?.count ?? 0}:${row?.hash ?? 0}`;
}

export interface DocumentRow {
  key: string;
  /** The document as JSON text: cheaper to hand to a worker thread than parsed objects. */
  json: string;
}

/** The source's documents in pages of `pageSize`, in key order, so no single query blocks for long. */
export async function* documentPages(db: Db, source: string, pageSize = 2000): AsyncGenerator<DocumentRow[]> {
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
