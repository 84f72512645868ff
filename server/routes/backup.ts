// GET /api/backup: the signed-in user's key-value snapshot. POST /api/backup: merges a snapshot into
// it per key (newer `updated` wins) and answers the merged snapshot. Only the owner reads or writes
// it; POST is same-origin JSON only (the CSRF defence), size-capped, and stores nothing invalid.
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { apiPaths } from '#shared/api-paths';
import { kvLimits } from '#shared/kv/kv-item';
import { BackupSnapshotSchema, fromSnapshot, sizeIssues, toSnapshot } from '#shared/kv/kv-snapshot';
import type { SessionReader, SessionUser } from '../auth/session-user';
import { type BackupCache, bodyDigest, createBackupCache } from '../backup/backup-cache';
import { SnapshotTooLargeError } from '../backup/backup-store';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { apiError } from '../http-error';
import { jsonBody } from '../json-body';
import type { Logger } from '../logger';
import { sameOriginJson } from '../middleware/same-origin-json';
import { type CompressedOnDemand, sendCompressedOnDemand } from '../precompressed';

export interface BackupDeps {
  database: Database;
  logger: Logger;
  sessions: SessionReader;
  env: Env;
}

/**
 * Lets through the signed-in user, when they own the snapshot asked for. The optional `owner` query
 * names the user the client syncs for: when the session belongs to someone else (another tab signed
 * in as another person), the answer is 409 rather than one person's items in the other's backup.
 */
function snapshotOwner(sessions: SessionReader) {
  return createMiddleware<{ Variables: { user: SessionUser } }>(async (c, next) => {
    const user = await sessions.getUser(c.req.raw);
    if (!user) return apiError(c, 401, 'unauthenticated', 'not authenticated');
    const owner = c.req.query('owner');
    if (owner !== undefined && owner !== user.id) {
      return apiError(c, 409, 'owner_mismatch', 'The session belongs to another user than the one named.');
    }
    c.set('user', user);
    await next();
  });
}

/** Answers the snapshot, serialized and compressed once per copy (backup-cache.ts). */
function sendSnapshot(c: Context, answer: CompressedOnDemand) {
  return sendCompressedOnDemand(c, answer, { 'cache-control': 'no-store' });
}

/**
 * A device's routine sync posts the same body again and again: one that changed nothing before is
 * answered by its digest, without parsing, validating and merging it again. Only a body declared
 * within the cap is read here; jsonBody refuses the others.
 */
function unchangedBody(snapshots: BackupCache) {
  return createMiddleware<{ Variables: { user: SessionUser; bodyDigest?: string } }>(async (c, next) => {
    const declared = Number(c.req.header('Content-Length'));
    if (c.req.header('Transfer-Encoding') !== undefined || !(declared <= kvLimits.requestBytes)) {
      return next();
    }
    // A body that cannot be read is jsonBody's to refuse, in its usual shape.
    const text = await c.req.text().catch(() => undefined);
    if (text === undefined) return next();
    const digest = bodyDigest(text);
    const answer = await snapshots.unchangedAnswer(c.var.user.id, digest, new Date());
    if (answer !== undefined) return sendSnapshot(c, answer);
    c.set('bodyDigest', digest);
    await next();
  });
}

export function backupRoutes(deps: BackupDeps) {
  const { database, logger, sessions } = deps;
  const snapshots = createBackupCache(database);
  const owner = snapshotOwner(sessions);
  const app = new Hono();

  app.get(apiPaths.backup, owner, async (c) => sendSnapshot(c, await snapshots.readAnswer(c.var.user.id)));

  app.post(
    apiPaths.backup,
    sameOriginJson(deps.env),
    owner,
    unchangedBody(snapshots),
    jsonBody(BackupSnapshotSchema, { maxBytes: kvLimits.requestBytes, what: 'A backup request' }),
    async (c) => {
      const { user } = c.var;
      const incoming = fromSnapshot(c.req.valid('json'));
      const tooLarge = sizeIssues(incoming.values());
      if (tooLarge.length > 0) return apiError(c, 413, 'too_large', 'The snapshot is too large.', tooLarge);
      try {
        const { merged, changed } = await snapshots.merge(
          user.id,
          [...incoming.values()],
          new Date(),
          c.var.bodyDigest,
        );
        logger.info({ userId: user.id, received: incoming.size, changed }, 'backup snapshot merged');
        c.header('Cache-Control', 'no-store');
        return c.json(toSnapshot(merged.values()));
      } catch (error) {
        if (!(error instanceof SnapshotTooLargeError)) throw error;
        return apiError(c, 413, 'too_large', 'The merged snapshot would be too large.', error.issues);
      }
    },
  );

  return app;
}
