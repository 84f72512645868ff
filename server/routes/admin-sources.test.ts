import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditPage, SourceStatus } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { createAdminTestApp } from '#tests/support/admin';
import { databaseTargets, emptiedBeforeEach } from '#tests/support/databases';
import { loadAppConfig } from '../app-config';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { buildInProcess } from '../search/artifact-build';
import { createSearchIndexService } from '../search/index-service';
import { fixtureRecords, writeFixtureDocuments } from '../search/test-fixtures';

const config = loadAppConfig();

describe.each(databaseTargets())('admin sources and audit log on $name', (target) => {
  const fresh = emptiedBeforeEach(target);
  let database: Database;
  let t: Awaited<ReturnType<typeof createAdminTestApp>>;

  beforeEach(async () => {
    database = fresh();
    t = await createAdminTestApp(database);
    await writeFixtureDocuments(database, config, 'countries', fixtureRecords().countries!);
  });

  it('answers 401 to anonymous callers and 403 to non-admins on every admin route', async () => {
    const routes: [string, string][] = [
      ['GET', apiPaths.admin.audit],
      ['GET', apiPaths.admin.sources],
      ['POST', apiPaths.admin.rebuild('countries')],
    ];
    for (const [method, path] of routes) {
      expect((await t.call('anonymous', method, path)).status, `${method} ${path}`).toBe(401);
      const refused = await t.call('user', method, path);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toEqual({
        error: { code: 'forbidden', message: 'Only administrators may do this.' },
      });
    }
    expect(
      (await t.call('local', 'GET', apiPaths.admin.sources, undefined, { 'Sift-Admin-Token': 'x' })).status,
    ).toBe(401);
  });

  it('refuses an admin change from another origin, and accepts the local token without one', async () => {
    const crossSite = await t.app.request(apiPaths.admin.rebuild('countries'), {
      method: 'POST',
      headers: { ...t.sessions.admin.headers, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: { code: string } }).error.code).toBe('cross_origin');
    // The local token exists beside an embedded database only.
    expect((await t.call('local', 'POST', apiPaths.admin.rebuild('countries'))).status).toBe(
      t.token ? 202 : 401,
    );
    expect((await t.call('admin', 'POST', apiPaths.admin.rebuild('atlantis'))).status).toBe(404);
  });

  it('reports documents, the artifact, staleness and build history, and rebuilds on request', async () => {
    const service = createSearchIndexService({
      database,
      config,
      logger: createLogger('silent'),
      build: buildInProcess,
      // The 7 fixture countries count as a large source: their 3 best-ranked make a head (ADR 023).
      head: { documents: 3, from: 7 },
    });
    expect(await service.ensureIndex('countries')).toBe('built');
    const read = async () =>
      ((await (await t.call('admin', 'GET', apiPaths.admin.sources)).json()) as SourceStatus[]).find(
        (s) => s.name === 'countries',
      )!;
    const built = await read();
    expect(built).toMatchObject({ documentCount: 7, stale: false, dataType: 'country', undoable: false });
    expect(built.artifact).toMatchObject({ documentCount: 7, head: { documentCount: 3 } });
    expect(built.artifact!.size).toBeGreaterThan(built.artifact!.head!.size);
    expect(built.artifact!.head!.size).toBeGreaterThan(0);
    expect(built.builds[0]).toMatchObject({
      outcome: 'built',
      documentCount: 7,
      crc32c: built.artifact!.crc32c,
    });

    expect((await t.call('admin', 'POST', apiPaths.admin.rebuild('countries'))).status).toBe(202);
    expect((await read()).stale).toBe(true);
    expect(await service.ensureIndex('countries')).toBe('built');
    const rebuilt = await read();
    expect(rebuilt.stale).toBe(false);
    expect(rebuilt.builds).toHaveLength(2);
    expect(rebuilt.artifact!.delta).toBeNull();

    // One changed document travels as a delta on top of the artifact (ADR 020).
    const [france] = fixtureRecords().countries!.filter((c) => c.code === 'FRA');
    await writeFixtureDocuments(database, config, 'countries', [{ ...france, name: 'République française' }]);
    expect((await read()).stale).toBe(true);
    expect(await service.ensureIndex('countries')).toBe('built');
    const changed = await read();
    expect(changed.stale).toBe(false);
    expect(changed.artifact).toMatchObject({
      crc32c: rebuilt.artifact!.crc32c,
      delta: { documentCount: 1 },
      head: rebuilt.artifact!.head,
    });
    expect(changed.artifact!.delta!.size).toBeGreaterThan(0);
    expect(changed.builds[0]).toMatchObject({ outcome: 'delta', documentCount: 1 });
    await service.stop();
  });

  it('records every admin action and lists the log newest first, in pages', async () => {
    // The local operator's first, where there is one (beside an embedded database).
    await t.call('local', 'POST', apiPaths.admin.rebuild('countries'));
    for (let i = 0; i < 3; i++) await t.call('admin', 'POST', apiPaths.admin.rebuild('cities'));
    const first = (await (
      await t.call('admin', 'GET', `${apiPaths.admin.audit}?limit=2`)
    ).json()) as AuditPage;
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]).toMatchObject({
      actor: expect.stringContaining('@example.test'),
      actorId: t.admin.id,
      action: 'source.rebuild',
      target: 'cities',
    });
    expect(first.entries[0]!.id).toBeGreaterThan(first.entries[1]!.id);
    const rest = (await (
      await t.call('admin', 'GET', `${apiPaths.admin.audit}?before=${first.next}`)
    ).json()) as AuditPage;
    expect(rest.entries.map((e) => e.id).every((id) => id < first.next!)).toBe(true);
    const byLocalOperator = rest.entries.some(
      (e) => e.actor === 'local operator (CLI)' && e.actorId === null,
    );
    expect(byLocalOperator).toBe(t.token !== null);
    const bad = await t.call('admin', 'GET', `${apiPaths.admin.audit}?limit=5000&colour=red`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_query');
  });
});
