// A source's documents through the admin API: pages in key order (searched by key or title prefix),
// one document, an edit validated as an import's records are, and deletion. Each change raises the
// source's revision and is announced, so its index is rebuilt, and writes an audit record.
import { Hono } from 'hono';
import { z } from 'zod/mini';
import {
  type DocumentDetail,
  type DocumentPage,
  DocumentQuerySchema,
  MAX_ADMIN_JSON_BYTES,
} from '#shared/admin/admin-api';
import type { AppConfig } from '#shared/app-config';
import type { AdminVariables } from '../admin/admin-access';
import { recordAudit } from '../admin/audit-log';
import { type SourceVariables, sourceParam } from '../admin/source-param';
import { validQuery } from '../admin/valid-query';
import type { Database } from '../db/client';
import {
  type DocumentRecord,
  documentPage,
  findDocument,
  keyOrTitleStartsWith,
  removeDocuments,
} from '../graphql/document-queries';
import { apiError } from '../http-error';
import { jsonBody } from '../json-body';
import { writeDocuments } from '../search/document-store';
import { DOCUMENTS_CHANGED_CHANNEL } from '../search/index-service';
import { validateRecord } from '../search/record-validation';

const detail = (row: DocumentRecord): DocumentDetail => ({ ...row, updatedAt: row.updatedAt.toISOString() });

export function adminDocumentRoutes({ database, config }: { database: Database; config: AppConfig }) {
  const { db } = database;
  const app = new Hono<{ Variables: AdminVariables & SourceVariables }>();
  app.use('/api/admin/sources/:source/documents', sourceParam(config));
  app.use('/api/admin/sources/:source/documents/*', sourceParam(config));

  app.get('/api/admin/sources/:source/documents', validQuery(DocumentQuerySchema), async (c) => {
    const { q, after, limit } = c.req.valid('query');
    const { name, config: source } = c.var.source;
    const where = q ? keyOrTitleStartsWith(source.titleProperty, q) : undefined;
    const rows = await documentPage(db, name, limit + 1, after ?? null, where);
    const page: DocumentPage = {
      documents: rows.slice(0, limit).map((row) => ({
        key: row.key,
        title: String(row.document[source.titleProperty] ?? ''),
        updatedAt: row.updatedAt.toISOString(),
      })),
      next: rows.length > limit ? rows[limit - 1]!.key : null,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(page);
  });

  app.get('/api/admin/sources/:source/documents/:key', async (c) => {
    const row = await findDocument(db, c.var.source.name, c.req.param('key'));
    if (!row) return apiError(c, 404, 'unknown_document', `No document has the key "${c.req.param('key')}".`);
    c.header('Cache-Control', 'no-store');
    return c.json(detail(row));
  });

  app.put(
    '/api/admin/sources/:source/documents/:key',
    jsonBody(z.record(z.string(), z.unknown()), { maxBytes: MAX_ADMIN_JSON_BYTES, what: 'A document' }),
    async (c) => {
      const { name, config: source } = c.var.source;
      const key = c.req.param('key');
      const check = validateRecord(source, c.req.valid('json'));
      if (!check.ok) {
        // Each problem under the property it is about, so the form shows it beside that field.
        const issues = check.problems.map(({ property = '', reason }) => ({
          path: property,
          message: reason,
        }));
        return apiError(c, 400, 'invalid_document', 'The document cannot be stored.', issues);
      }
      if (check.record.key !== key) {
        const message = `"${source.keyProperty}" is "${check.record.key}", not the key of the address, "${key}"`;
        return apiError(c, 400, 'invalid_document', 'The document cannot be stored.', [
          { path: source.keyProperty, message },
        ]);
      }
      const summary = await writeDocuments(db, name, [check.record]);
      const changed = summary.inserted + summary.updated;
      if (changed > 0) await database.notify(DOCUMENTS_CHANGED_CHANNEL, name);
      await recordAudit(db, c.var.actor, {
        action: summary.inserted > 0 ? 'document.create' : 'document.edit',
        target: `${name}/${key}`,
        records: changed,
      });
      return c.json(detail((await findDocument(db, name, key))!));
    },
  );

  app.delete('/api/admin/sources/:source/documents/:key', async (c) => {
    const { name } = c.var.source;
    const key = c.req.param('key');
    if ((await removeDocuments(db, name, [key])) === 0) {
      return apiError(c, 404, 'unknown_document', `No document has the key "${key}".`);
    }
    await database.notify(DOCUMENTS_CHANGED_CHANNEL, name);
    await recordAudit(db, c.var.actor, { action: 'document.delete', target: `${name}/${key}`, records: 1 });
    return c.body(null, 204);
  });

  return app;
}
