// GET /api/admin/sources: each source's documents, artifact (size, crc32c, build time), whether a
// build is due, its build history and whether its last import can be undone.
// POST /api/admin/sources/:source/rebuild: rebuilds its index now, on whichever process holds the lease.
import { Hono } from 'hono';
import type { SourceStatus } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import type { AppConfig } from '#shared/app-config';
import type { AdminVariables } from '../admin/admin-access';
import { recordAudit } from '../admin/audit-log';
import { type SourceVariables, sourceParam } from '../admin/source-param';
import type { Database } from '../db/client';
import { buildHistory, documentsRevision, requestRebuild, sourceArtifact } from '../search/artifact-store';
import { countDocuments, hasImportToUndo } from '../search/document-store';
import { DOCUMENTS_CHANGED_CHANNEL } from '../search/index-service';

/** What the console shows of a segment besides the artifact (its delta, its head). */
const segmentStatus = ({ documentCount, size }: { documentCount: number; size: number }) => ({
  documentCount,
  size,
});

async function sourceStatus(database: Database, name: string, config: AppConfig): Promise<SourceStatus> {
  const { db } = database;
  const source = config.gapSearch.dataSources[name]!;
  const [documentCount, artifact, revision, builds, undoable] = await Promise.all([
    countDocuments(db, name),
    sourceArtifact(db, name),
    documentsRevision(db, name),
    buildHistory(db, name),
    hasImportToUndo(db, name),
  ]);
  return {
    name,
    dataType: source.dataType,
    protected: source.protected,
    documentCount,
    artifact: artifact
      ? {
          crc32c: artifact.crc32c,
          size: artifact.size,
          documentCount: artifact.documentCount,
          builtAt: artifact.builtAt.toISOString(),
          delta: artifact.delta ? segmentStatus(artifact.delta) : null,
          head: artifact.head ? segmentStatus(artifact.head) : null,
        }
      : null,
    stale: !artifact || (artifact.documentsRevision ?? -1) < revision,
    builds: builds.map((build) => ({
      startedAt: build.startedAt.toISOString(),
      durationMs: build.durationMs,
      outcome: build.outcome as 'built' | 'delta' | 'failed',
      documentCount: build.documentCount,
      bytes: build.bytes,
      crc32c: build.crc32c,
      error: build.error,
    })),
    undoable,
  };
}

export function adminSourceRoutes({ database, config }: { database: Database; config: AppConfig }) {
  const app = new Hono<{ Variables: AdminVariables & SourceVariables }>();
  app.get(apiPaths.admin.sources, async (c) => {
    const names = Object.keys(config.gapSearch.dataSources);
    // One at a time: the embedded database answers one query at a time anyway.
    const statuses: SourceStatus[] = [];
    for (const name of names) statuses.push(await sourceStatus(database, name, config));
    c.header('Cache-Control', 'no-store');
    return c.json(statuses);
  });
  app.post('/api/admin/sources/:source/rebuild', sourceParam(config), async (c) => {
    const { name } = c.var.source;
    await requestRebuild(database.db, name);
    await database.notify(DOCUMENTS_CHANGED_CHANNEL, name);
    await recordAudit(database.db, c.var.actor, { action: 'source.rebuild', target: name });
    return c.json({ queued: true }, 202);
  });
  return app;
}
