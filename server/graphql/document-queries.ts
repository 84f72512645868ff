// The reads and removals of search documents GraphQL needs beyond the search core's
// document-store (which writes them): one by key, pages in key order, removal by key.
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
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

/** Documents whose key or `titleProperty` starts with `prefix`, ignoring case (LIKE wildcards are literal). */
export function keyOrTitleStartsWith(titleProperty: string, prefix: string): SQL {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    sql`lower(${documents.key}) like ${pattern}`,
    sql`lower(${documents.document} ->> ${titleProperty}) like ${pattern}`,
  )!;
}

/** Up to `limit` documents whose key sorts after `after` (all from the start when null), among those `where` admits. */
export async function documentPage(
  db: Db,
  source: string,
  limit: number,
  after: string | null,
  where?: SQL,
): Promise<DocumentRecord[]> {
  const from = after === null ? undefined : gt(documents.key, after);
  return db
    .select(columns)
    .from(documents)
    .where(and(eq(documents.source, source), from, where))
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
