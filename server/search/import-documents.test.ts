import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '#tests/support/databases';
import { loadAppConfig } from '../app-config';
import type { Database } from '../db/client';
import { documents } from '../db/schema/documents';
import { countDocuments, writeDocuments } from './document-store';
import { importDocuments, MAX_LISTED_REJECTIONS } from './import-documents';

const countries = loadAppConfig().gapSearch.dataSources.countries!;
const folder = mkdtempSync(join(tmpdir(), 'sift-import-'));
const records = [
  { code: 'FRA', name: 'France', capital: ['Paris'], region: 'Europe', languages: ['fra'], area: 551695 },
  {
    code: 'CHE',
    name: 'Switzerland',
    capital: ['Bern'],
    region: 'Europe',
    languages: ['deu', 'fra'],
    area: 41284,
  },
  { code: 'EGY', name: 'Egypt', translations: ['مصر'], region: 'Africa', languages: ['ara'], area: 1002450 },
];

function file(name: string, text: string) {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

const ndjson = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const csv = [
  'code,name,capital,translations,region,languages,area',
  'FRA,France,Paris,,Europe,fra,551695',
  'CHE,Switzerland,Bern,,Europe,deu|fra,41284',
  'EGY,Egypt,,"[""مصر""]",Africa,ara,1002450',
].join('\r\n');

describe.each(databaseTargets())('importDocuments on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
  });
  beforeEach(async () => {
    await database.db.delete(documents);
  });
  afterAll(async () => database.close());

  const stored = async () =>
    (
      await database.db
        .select({ key: documents.key, document: documents.document, rank: documents.rank })
        .from(documents)
        .where(eq(documents.source, 'countries'))
        .orderBy(asc(documents.key))
    ).map((row) => ({ ...row, rank: Math.round(row.rank * 1000) / 1000 }));

  it('reads NDJSON, a JSON array and CSV into the same documents', async () => {
    const results = [];
    for (const [path, format] of [
      [file('a.ndjson', `${ndjson(records)}\n\n`), 'ndjson'],
      [file('a.json', JSON.stringify(records)), 'json'],
      [file('a.csv', csv), 'csv'],
    ] as const) {
      await database.db.delete(documents);
      const result = await importDocuments(database.db, 'countries', countries, { path, format });
      expect(result).toEqual({
        ok: true,
        records: 3,
        summary: { inserted: 3, updated: 0, unchanged: 0, deleted: 0 },
      });
      results.push(await stored());
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(results[0]!.find((d) => d.key === 'CHE')).toMatchObject({
      document: { languages: ['deu', 'fra'], area: 41284 },
      rank: 4.616,
    });
  });

  it('re-importing unchanged data changes nothing; --replace removes what the file lacks', async () => {
    const path = file('b.ndjson', ndjson(records));
    await importDocuments(database.db, 'countries', countries, { path, format: 'ndjson' });
    const [before] = await database.db.select({ updatedAt: documents.updatedAt }).from(documents).limit(1);
    const again = await importDocuments(database.db, 'countries', countries, { path, format: 'ndjson' });
    expect(again.ok && again.summary).toEqual({ inserted: 0, updated: 0, unchanged: 3, deleted: 0 });
    const [after] = await database.db.select({ updatedAt: documents.updatedAt }).from(documents).limit(1);
    expect(after).toEqual(before);

    const smaller = file('c.ndjson', ndjson([{ ...records[0], name: 'République française' }]));
    const replaced = await importDocuments(database.db, 'countries', countries, {
      path: smaller,
      format: 'ndjson',
      replace: true,
    });
    expect(replaced.ok && replaced.summary).toEqual({ inserted: 0, updated: 1, unchanged: 0, deleted: 2 });
    expect((await stored()).map((d) => d.document.name)).toEqual(['République française']);
  });

  it('reports every rejected line with its reasons and imports nothing', async () => {
    await importDocuments(database.db, 'countries', countries, {
      path: file('d.json', '[]'),
      format: 'json',
    });
    const path = file(
      'e.ndjson',
      [
        JSON.stringify(records[0]),
        '{"code": "XXX", "name": ',
        JSON.stringify({ ...records[1], languages: 'deu' }),
        JSON.stringify(records[2]),
        JSON.stringify({ ...records[2], name: 'Misr' }),
      ].join('\n'),
    );
    const result = await importDocuments(database.db, 'countries', countries, { path, format: 'ndjson' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.records).toBe(5);
    expect(!result.ok && result.rejected).toEqual([
      { at: 2, reasons: [expect.stringMatching(/^not valid JSON/)] },
      { at: 3, reasons: ['"languages" must be an array of strings'] },
      { at: 5, reasons: ['key "EGY" was already used at 4'] },
    ]);
    expect(await countDocuments(database.db, 'countries')).toBe(0);
  });

  it('rejects empty files, a JSON file without an array and CSV rows of the wrong width', async () => {
    const cases: [string, 'ndjson' | 'json' | 'csv', string][] = [
      [file('f.ndjson', '\n'), 'ndjson', 'the file holds no records'],
      [
        file('g.json', '{"code":"FRA"}'),
        'json',
        'a JSON import file must hold an array of records; the rest of the file was not read',
      ],
      [file('h.csv', 'code,name\nFRA,France,extra'), 'csv', 'has 3 fields, the header has 2'],
    ];
    for (const [path, format, reason] of cases) {
      const result = await importDocuments(database.db, 'countries', countries, { path, format });
      expect(!result.ok && result.rejected[0]!.reasons).toEqual([reason]);
    }
  });

  it('reports progress while reading and writing', async () => {
    const many = Array.from({ length: 4500 }, (_, i) => ({ code: `C${i}`, name: `Country ${i}` }));
    const events: [string, number, number][] = [];
    await importDocuments(database.db, 'countries', countries, {
      path: file('i.ndjson', ndjson(many)),
      format: 'ndjson',
      onProgress: (phase, done, total) => events.push([phase, done, total]),
    });
    expect(events.at(0)?.[0]).toBe('reading');
    expect(events.filter(([phase]) => phase === 'writing')).toEqual([
      ['writing', 2000, 4500],
      ['writing', 4000, 4500],
      ['writing', 4500, 4500],
    ]);
  });

  it('refuses a record nested 20,000 levels with its line, and imports nothing', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const path = file('deep.ndjson', `${ndjson(records)}\n{"code":"X","name":"x","deep":${deep}}\n`);
    const result = await importDocuments(database.db, 'countries', countries, { path, format: 'ndjson' });
    expect(!result.ok && result.rejected).toEqual([
      { at: 4, reasons: ['the record is nested deeper than 64 levels'] },
    ]);
    expect(await countDocuments(database.db, 'countries')).toBe(0);
  });

  it('finds repeated keys among many records on a second read, and lists the first rejections', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ code: `C${i}`, name: `Country ${i}` }));
    many[4000]!.code = 'C10';
    many[4500]!.code = 'C10';
    const phases = new Set<string>();
    const repeated = await importDocuments(database.db, 'countries', countries, {
      path: file('repeated.ndjson', ndjson(many)),
      format: 'ndjson',
      onProgress: (phase) => phases.add(phase),
    });
    expect(!repeated.ok && repeated.rejected).toEqual([
      { at: 4001, reasons: ['key "C10" was already used at 11'] },
      { at: 4501, reasons: ['key "C10" was already used at 11'] },
    ]);
    expect([...phases]).toEqual(['reading', 'checking keys']);

    const untitled = many.map(({ code }) => ({ code }));
    const capped = await importDocuments(database.db, 'countries', countries, {
      path: file('untitled.ndjson', ndjson(untitled)),
      format: 'ndjson',
    });
    expect(!capped.ok && capped.rejectedCount).toBe(5000);
    expect(!capped.ok && capped.rejected.map((r) => r.at)).toEqual(
      Array.from({ length: MAX_LISTED_REJECTIONS }, (_, i) => i + 1),
    );
    expect(await countDocuments(database.db, 'countries')).toBe(0);
  });

  it('writes a file of several batches in one transaction, --replace removing what it lacks', async () => {
    const many = Array.from({ length: 4500 }, (_, i) => ({ code: `C${i}`, name: `Country ${i}` }));
    await importDocuments(database.db, 'countries', countries, {
      path: file('many.ndjson', ndjson(many)),
      format: 'ndjson',
    });
    const replaced = await importDocuments(database.db, 'countries', countries, {
      path: file('fewer.ndjson', ndjson(many.slice(2000))),
      format: 'ndjson',
      replace: true,
    });
    expect(replaced.ok && replaced.summary).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 2500,
      deleted: 2000,
    });
    expect(await countDocuments(database.db, 'countries')).toBe(2500);
  });

  it('rolls back when the file changes between the check and the write', async () => {
    const many = Array.from({ length: 4500 }, (_, i) => ({ code: `C${i}`, name: `Country ${i}` }));
    const path = file('growing.ndjson', `${ndjson(many)}\n`);
    const importing = importDocuments(database.db, 'countries', countries, {
      path,
      format: 'ndjson',
      onProgress: (phase, done) => {
        if (phase === 'writing' && done === 2000) appendFileSync(path, `${JSON.stringify(records[0])}\n`);
      },
    });
    await expect(importing).rejects.toThrow(/changed while it was imported; nothing was written/);
    expect(await countDocuments(database.db, 'countries')).toBe(0);
  });

  it('writes all or nothing: a failure in a late batch leaves the source as it was', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => ({
      key: `K${i}`,
      document: { code: `K${i}`, name: `Country ${i}` },
      rank: 0,
    }));
    // Validation keeps U+0000 out; here it stands for any database error in the second batch.
    many[2400]!.document.name = 'bad \u0000 name';
    await expect(writeDocuments(database.db, 'countries', many)).rejects.toThrow();
    expect(await countDocuments(database.db, 'countries')).toBe(0);
  });
});
