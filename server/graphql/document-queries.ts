// The reads and removals of search documents GraphQL needs beyond the search core's
// document-store (which writes them): one by key, pages in key order, removal by key.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documents } from '../db/schema/documents';
import { markDocumentsChanged } from '../search/document-store';

const columns = {
  key: documents.key,
  document: documents.document,
  rank: documents.rank,
  updatedAt: documents.updatedAt,
};

export type DocumentRecord = {
  key: string;
  document: Record<string, unknown>;
  rank: number;
  updatedAt: Date;
};

export async function findDocument(db: Db, source: string, key: string): Promise<DocumentRecord | null> {
  const [row] = await db
    .select(columns)
    .from(documents)
    .where(and(eq(documents.source, source), eq(documents.key, key)));
  return row ?? null;
}

/** Up to `limit` documents whose key sorts after `after` (all from the start when null). */
export async function documentPage(
  db: Db,
  source: string,
  limit: number,
  after: string | null,
): Promise<DocumentRecord[]> {
  const from = after === null ? undefined : gt(documents.key, after);
  return db
    .select(columns)
    .from(documents)
    .where(and(eq(documents.source, source), from))
    .orderBy(asc(documents.key))
    .limit(limit);
}

/** Removes the documents of `source` with these keys; answers how many there were. */
export async function removeDocuments(db: Db, source: string, keys: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(documents)
      .where(and(eq(documents.source, source), inArray(documents.key, keys)))
      .returning({ key: documents.key });
    if (removed.length > 0) await markDocumentsChanged(tx, source);
    return removed.length;
  });
}
