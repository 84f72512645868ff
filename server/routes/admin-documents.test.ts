import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentPage } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { createAdminTestApp } from '#tests/support/admin';
import { databaseTargets, emptiedBeforeEach } from '#tests/support/databases';
import { loadAppConfig } from '../app-config';
import type { Database } from '../db/client';
import { documentsRevision } from '../search/artifact-store';
import { fixtureRecords, writeFixtureDocuments } from '../search/test-fixtures';

const config = loadAppConfig();

describe.each(databaseTargets())('admin documents on $name', (target) => {
  const fresh = emptiedBeforeEach(target);
  let database: Database;
  let t: Awaited<ReturnType<typeof createAdminTestApp>>;
  const list = async (query = '') =>
    (await (
      await t.call('admin', 'GET', `${apiPaths.admin.documents('countries')}${query}`)
    ).json()) as DocumentPage;

  beforeEach(async () => {
    database = fresh();
    t = await createAdminTestApp(database);
    await writeFixtureDocuments(database, config, 'countries', fixtureRecords().countries!);
  });

  it('pages a source in key order and finds documents by key or title prefix', async () => {
    const first = await list('?limit=3');
    expect(first.documents.map((d) => d.key)).toEqual(['BRA', 'CHE', 'CIV']);
    expect(first.documents[0]).toMatchObject({ title: 'Brazil' });
    const second = await list(`?limit=3&after=${first.next}`);
    expect(second.documents.map((d) => d.key)).toEqual(['CRI', 'EGY', 'FRA']);
    expect((await list('?limit=3&after=FRA')).next).toBeNull();
    expect((await list('?q=s')).documents.map((d) => d.title)).toEqual(['Switzerland', 'San Marino']);
    expect((await list('?q=fr')).documents.map((d) => d.key)).toEqual(['FRA']);
    expect((await list('?q=%25')).documents).toEqual([]);
  });

  it('opens, edits (validated as an import) and deletes a document, raising the revision and auditing each', async () => {
    const path = apiPaths.admin.document('countries', 'SMR');
    const opened = (await (await t.call('admin', 'GET', path)).json()) as DocumentDetail;
    expect(opened.document).toMatchObject({ code: 'SMR', name: 'San Marino' });
    const before = await documentsRevision(database.db, 'countries');

    const invalid = await t.call('admin', 'PUT', path, { ...opened.document, name: '' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: {
        code: 'invalid_document',
        message: 'The document cannot be stored.',
        issues: [{ path: 'name', message: '"name" (the title) must be a non-empty string' }],
      },
    });
    const otherKey = await t.call('admin', 'PUT', path, { ...opened.document, code: 'ITA' });
    expect(otherKey.status).toBe(400);

    const edited = await t.call('admin', 'PUT', path, { ...opened.document, name: 'Serenissima' });
    expect(((await edited.json()) as DocumentDetail).document.name).toBe('Serenissima');
    expect(await documentsRevision(database.db, 'countries')).toBeGreaterThan(before);

    expect((await t.call('admin', 'DELETE', path)).status).toBe(204);
    expect((await t.call('admin', 'GET', path)).status).toBe(404);
    expect((await t.call('admin', 'DELETE', path)).status).toBe(404);
    const audit = (await (await t.call('admin', 'GET', apiPaths.admin.audit)).json()) as {
      entries: { action: string; target: string }[];
    };
    expect(audit.entries.slice(0, 2)).toMatchObject([
      { action: 'document.delete', target: 'countries/SMR' },
      { action: 'document.edit', target: 'countries/SMR' },
    ]);
  });

  it('refuses non-admins and bad input', async () => {
    const path = apiPaths.admin.document('countries', 'FRA');
    for (const [method, body] of [['GET'], ['PUT', { code: 'FRA', name: 'x' }], ['DELETE']] as const) {
      expect((await t.call('user', method, path, body)).status).toBe(403);
      expect((await t.call('anonymous', method, path, body)).status).toBe(401);
    }
    expect((await t.call('user', 'GET', apiPaths.admin.documents('countries'))).status).toBe(403);
    expect((await t.call('admin', 'GET', `${apiPaths.admin.documents('countries')}?limit=0`)).status).toBe(
      400,
    );
    expect((await t.call('admin', 'GET', apiPaths.admin.documents('constructor'))).status).toBe(404);
    expect((await t.call('admin', 'PUT', path, '[1]', { 'Content-Type': 'application/json' })).status).toBe(
      400,
    );
  });
});
