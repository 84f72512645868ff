// GET /api/admin/audit: the audit log, newest first, paged by id.
import { Hono } from 'hono';
import { AuditQuerySchema } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import type { AdminVariables } from '../admin/admin-access';
import { auditPage } from '../admin/audit-log';
import { validQuery } from '../admin/valid-query';
import type { Database } from '../db/client';

export function adminAuditRoutes({ database }: { database: Database }) {
  return new Hono<{ Variables: AdminVariables }>().get(
    apiPaths.admin.audit,
    validQuery(AuditQuerySchema),
    async (c) => {
      const { limit, before } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(await auditPage(database.db, limit, before));
    },
  );
}
