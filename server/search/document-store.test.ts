import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '#tests/support/databases';
import type { Database } from '../db/client';
import { documentPages, writeDocuments } from './document-store';

/** The planner's idea of how many rows the documents table holds; below 0 before any statistics. */
async function plannedRows(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select reltuples from pg_class where oid = 'documents'::regclass`,
  )) as unknown as { rows: { reltuples: number }[] };
  return Number(result.rows[0]!.reltuples);
}

const records = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({
    key: `K${from + i}`,
    document: { code: `K${from + i}`, name: `Place ${from + i}` },
    rank: 0,
  }));

describe.each(databaseTargets())('the documents table statistics on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.close());

  it('are gathered by a build of a table that never had any, and after a large write', async () => {
    await writeDocuments(database.db, 'countries', records(20));
    expect(await plannedRows(database)).toBeLessThan(0);
    const pages = [];
    for await (const page of documentPages(database.db, 'countries', 8)) pages.push(page.length);
    expect(pages).toEqual([8, 8, 4]);
    expect(await plannedRows(database)).toBe(20);

    // A small write leaves them as they are; one of 10,000 documents or more gathers them again.
    await writeDocuments(database.db, 'countries', records(100, 20));
    expect(await plannedRows(database)).toBe(20);
    await writeDocuments(database.db, 'cities', records(10_000));
    expect(await plannedRows(database)).toBe(10_120);
  });
});
