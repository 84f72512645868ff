import { beforeEach, describe, expect, it } from 'vitest';
import {
  type ImportCheckResult,
  type ImportOutcome,
  PROGRESS_MEDIA_TYPE,
  type ProgressLine,
} from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { createAdminTestApp } from '#tests/support/admin';
import { databaseTargets, emptiedBeforeEach } from '#tests/support/databases';
import type { Database } from '../db/client';
import { findDocument } from '../graphql/document-queries';
import { countDocuments } from '../search/document-store';

const csv = (rows: string[]) => `code,name,area\n${rows.join('\n')}\n`;
const good = csv(['FRA,France,551695', 'CHE,Switzerland,41284', 'ITA,Italy,301336']);

describe.each(databaseTargets())('admin imports on $name', (target) => {
  const fresh = emptiedBeforeEach(target);
  let database: Database;
  let t: Awaited<ReturnType<typeof createAdminTestApp>>;

  beforeEach(async () => {
    database = fresh();
    t = await createAdminTestApp(database);
  });

  const upload = (body: string, query = 'format=csv', caller: 'admin' | 'user' | 'anonymous' = 'admin') =>
    t.call(caller, 'POST', `${apiPaths.admin.imports('countries')}?${query}`, body, {
      'Content-Type': 'text/csv',
    });
  const auditActions = async () =>
    (
      (await (await t.call('admin', 'GET', apiPaths.admin.audit)).json()) as {
        entries: { action: string; records: number }[];
      }
    ).entries;

  it('dry-runs a file: every rejected record with its line and reason, a count, nothing written', async () => {
    const response = await upload(
      csv(['FRA,France,551695', 'CHE,,41284', 'ITA,Italy,301336', ',Nowhere,1', 'FRA,France again,2']),
    );
    expect(response.status).toBe(200);
    const check = (await response.json()) as ImportOutcome;
    expect(check).toMatchObject({ id: null, records: 5, rejectedCount: 3, applied: null });
    expect(check.rejected.map((r) => r.at)).toEqual([3, 5, 6]);
    expect(check.rejected[0]!.reasons).toEqual(['"name" (the title) must be a non-empty string']);
    expect(check.rejected[2]!.reasons[0]).toContain('"FRA"');
    expect(await countDocuments(database.db, 'countries')).toBe(0);

    // Every rejection as a file, for admins only.
    expect(check.report).toEqual(expect.stringMatching(/^\/api\/admin\/imports\/.+\/rejections$/));
    expect((await t.call('user', 'GET', check.report!)).status).toBe(403);
    const report = await t.call('admin', 'GET', check.report!);
    expect(report.headers.get('Content-Type')).toBe('text/tab-separated-values; charset=utf-8');
    expect(report.headers.get('Content-Disposition')).toMatch(/^attachment/);
    expect(await report.text()).toBe(
      [
        'line\treasons',
        '3\t"name" (the title) must be a non-empty string',
        `5\t${check.rejected[1]!.reasons.join('; ')}`,
        `6\t${check.rejected[2]!.reasons.join('; ')}`,
        '',
      ].join('\n'),
    );
    const unknown = await t.call('admin', 'GET', apiPaths.admin.importRejections('no-such-upload'));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('unknown_report');
    // A clean check has none.
    expect(((await (await upload(good)).json()) as ImportCheckResult).report).toBeNull();
  });

  it('applies a checked upload all or nothing, merges or replaces by key, and undoes the last import', async () => {
    const check = (await (await upload(good)).json()) as ImportCheckResult;
    expect(check).toMatchObject({ records: 3, rejectedCount: 0 });
    expect(check.id).toEqual(expect.any(String));
    const applied = await t.call('admin', 'POST', apiPaths.admin.importUpload(check.id!), { mode: 'merge' });
    expect(((await applied.json()) as ImportOutcome).applied).toEqual({
      records: 3,
      inserted: 3,
      updated: 0,
      unchanged: 0,
      deleted: 0,
    });
    // Applied once: the upload is gone.
    expect(
      (await t.call('admin', 'POST', apiPaths.admin.importUpload(check.id!), { mode: 'merge' })).status,
    ).toBe(404);

    const replaced = (await (
      await upload(csv(['FRA,République française,551695', 'ESP,Spain,505990']), 'format=csv&apply=replace')
    ).json()) as ImportOutcome;
    expect(replaced.applied).toMatchObject({ inserted: 1, updated: 1, deleted: 2 });
    expect((await findDocument(database.db, 'countries', 'FRA'))?.document.name).toBe('République française');

    const undo = await t.call('admin', 'POST', apiPaths.admin.undoImport('countries'));
    expect(await undo.json()).toEqual({ restored: 3, removed: 1 });
    expect((await findDocument(database.db, 'countries', 'FRA'))?.document.name).toBe('France');
    expect(await findDocument(database.db, 'countries', 'ESP')).toBeNull();
    expect(await countDocuments(database.db, 'countries')).toBe(3);
    const again = await t.call('admin', 'POST', apiPaths.admin.undoImport('countries'));
    expect(again.status).toBe(409);

    const actions = (await auditActions()).slice(0, 4);
    expect(actions.map((a) => a.action)).toEqual([
      'import.undo',
      'import.apply',
      'import.apply',
      'import.check',
    ]);
    expect(actions[0]!.records).toBe(4);
  });

  it('streams progress lines then the result when asked', async () => {
    const response = await upload(good, 'format=csv', 'admin');
    expect(response.headers.get('Content-Type')).not.toBe(PROGRESS_MEDIA_TYPE);
    const streamed = await t.call(
      'admin',
      'POST',
      `${apiPaths.admin.imports('countries')}?format=csv&apply=merge`,
      good,
      {
        Accept: PROGRESS_MEDIA_TYPE,
      },
    );
    expect(streamed.headers.get('Content-Type')).toBe(PROGRESS_MEDIA_TYPE);
    const lines = (await streamed.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ProgressLine<ImportOutcome>);
    expect(lines[0]).toEqual({ progress: { phase: 'reading', done: good.length, total: good.length } });
    expect(lines).toContainEqual({ progress: { phase: 'writing', done: 3, total: 3 } });
    expect(lines.at(-1)).toEqual({
      result: expect.objectContaining({ applied: expect.objectContaining({ inserted: 3 }) }),
    });
  });

  it('cancels a checked upload', async () => {
    const { id } = (await (await upload(good)).json()) as ImportCheckResult;
    expect((await t.call('admin', 'DELETE', apiPaths.admin.importUpload(id!))).status).toBe(204);
    expect((await t.call('admin', 'POST', apiPaths.admin.importUpload(id!), { mode: 'merge' })).status).toBe(
      404,
    );
  });

  it('refuses bad calls with a 4xx naming the problem', async () => {
    const unknownFormat = await upload(good, 'format=xml');
    expect(unknownFormat.status).toBe(400);
    expect(
      ((await unknownFormat.json()) as { error: { issues: { path: string }[] } }).error.issues[0]!.path,
    ).toBe('format');
    const huge = await t.call('admin', 'POST', `${apiPaths.admin.imports('countries')}?format=csv`, 'x', {
      'Content-Length': String(3 * 1024 ** 3),
    });
    expect(huge.status).toBe(413);
    const badMode = await t.call('admin', 'POST', apiPaths.admin.importUpload('nope'), { mode: 'append' });
    expect(badMode.status).toBe(400);
    expect((await upload(good, 'format=csv', 'user')).status).toBe(403);
    expect((await upload(good, 'format=csv', 'anonymous')).status).toBe(401);
    expect((await t.call('user', 'POST', apiPaths.admin.undoImport('countries'))).status).toBe(403);
    expect((await t.call('user', 'DELETE', apiPaths.admin.importUpload('x'))).status).toBe(403);
  });
});
