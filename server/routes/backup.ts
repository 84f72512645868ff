// GET /api/backup: the signed-in user's key-value snapshot. POST /api/backup: merges a snapshot into
// it per key (newer `updated` wins) and answers the merged snapshot. Only the owner reads or writes
// it; POST is same-origin JSON only (the CSRF defence), size-capped, and stores nothing invalid.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { apiPaths } from '#shared/api-paths';
import { kvLimits } from '#shared/kv/kv-item';
import { BackupSnapshotSchema, fromSnapshot, sizeIssues, toSnapshot } from '#shared/kv/kv-snapshot';
import type { SessionReader, SessionUser } from '../auth/session-user';
import { createBackupCache } from '../backup/backup-cache';
import { SnapshotTooLargeError } from '../backup/backup-store';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { apiError } from '../http-error';
import { limitBody, parseJsonBody } from '../json-body';
import type { Logger } from '../logger';
import { sameOriginJson } from '../middleware/same-origin-json';

export interface BackupDeps {
  database: Database;
  logger: Logger;
  sessions: SessionReader;
  env: Env;
}

type OwnerCheck = { user: SessionUser } | { response: Response };

/**
 * The signed-in user, when they own the snapshot asked for. The optional `owner` query names the
 * user the client syncs for: when the session belongs to someone else (another tab signed in as
 * another person), the answer is 409 rather than one person's items in the other's backup.
 */
async function checkOwner(c: Context, sessions: SessionReader): Promise<OwnerCheck> {
  const user = await sessions.getUser(c.req.raw);
  if (!user) return { response: apiError(c, 401, 'unauthenticated', 'not authenticated') };
  const owner = c.req.query('owner');
  if (owner !== undefined && owner !== user.id) {
    return {
      response: apiError(c, 409, 'owner_mismatch', 'The session belongs to another user than the one named.'),
    };
  }
  return { user };
}

export function backupRoutes(deps: BackupDeps) {
  const { database, logger, sessions } = deps;
  const snapshots = createBackupCache(database);
  const app = new Hono();

  app.get(apiPaths.backup, async (c) => {
    const check = await checkOwner(c, sessions);
    if ('response' in check) return check.response;
    c.header('Cache-Control', 'no-store');
    return c.json(toSnapshot((await snapshots.read(check.user.id)).values()));
  });

  app.post(
    apiPaths.backup,
    sameOriginJson(deps.env),
    limitBody(kvLimits.requestBytes, 'A backup request'),
    async (c) => {
      const check = await checkOwner(c, sessions);
      if ('response' in check) return check.response;
      const parsed = await parseJsonBody(c, BackupSnapshotSchema);
      if (!parsed.ok) return parsed.response;
      const incoming = fromSnapshot(parsed.data);
      const tooLarge = sizeIssues(incoming.values());
      if (tooLarge.length > 0) return apiError(c, 413, 'too_large', 'The snapshot is too large.', tooLarge);
      try {
        const { merged, changed } = await snapshots.merge(check.user.id, [...incoming.values()], new Date());
        logger.info({ userId: check.user.id, received: incoming.size, changed }, 'backup snapshot merged');
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
