// Imports through the admin API (docs/search.md): POST the file to /sources/:source/imports for a
// dry run (rejections with line and reason, the upload kept), then POST /imports/:id {mode} to apply
// it all or nothing, or DELETE to cancel; `&apply=merge|replace` checks and applies in one request
// (the CLIs). GET /imports/:id/rejections downloads every rejection of a check. POST
// /sources/:source/undo-import puts back what the last import replaced.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import {
  ApplyImportSchema,
  type ImportOutcome,
  ImportQuerySchema,
  MAX_ADMIN_JSON_BYTES,
  MAX_IMPORT_UPLOAD_BYTES,
} from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import type { AppConfig, DataSourceConfig } from '#shared/app-config';
import type { AdminVariables } from '../admin/admin-access';
import { type Actor, recordAudit } from '../admin/audit-log';
import { createImportUploads, type Upload, UploadTooLargeError } from '../admin/import-uploads';
import { type OnProgress, progressResponse } from '../admin/progress-response';
import { type SourceVariables, sourceParam } from '../admin/source-param';
import { validQuery } from '../admin/valid-query';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { apiError } from '../http-error';
import { jsonBody } from '../json-body';
import type { Logger } from '../logger';
import { undoLastImport } from '../search/document-store';
import { checkImportFile, importDocuments } from '../search/import-documents';
import { DOCUMENTS_CHANGED_CHANNEL } from '../search/index-service';

interface ImportDeps {
  env: Env;
  config: AppConfig;
  database: Database;
  logger: Logger;
}

const tooLarge = `An import file may hold at most ${MAX_IMPORT_UPLOAD_BYTES} bytes.`;
const IMPORT_UPLOAD_PATH = /^\/api\/admin\/sources\/[^/]+\/imports$/;

/** An import file's upload, which may take as long as its bytes keep coming (http-server.ts). */
export const isImportUpload = (request: Request) =>
  request.method === 'POST' && IMPORT_UPLOAD_PATH.test(new URL(request.url).pathname);

export function adminImportRoutes({ env, config, database, logger }: ImportDeps) {
  const uploads = createImportUploads(env.DATA_DIR, MAX_IMPORT_UPLOAD_BYTES);
  const app = new Hono<{ Variables: AdminVariables & SourceVariables }>();
  const failure = (error: unknown) => {
    logger.error({ err: error }, 'admin import failed');
    return { code: 'import_failed', message: error instanceof Error ? error.message : String(error) };
  };
  /** Where the check's every rejection can be downloaded; null (and no report kept) without any. */
  const reportOf = (upload: Upload, rejectedCount: number) => {
    if (rejectedCount === 0) return null;
    uploads.keepReport(upload.id);
    return apiPaths.admin.importRejections(upload.id);
  };

  async function apply(
    actor: Actor,
    upload: Upload,
    source: DataSourceConfig,
    mode: 'merge' | 'replace',
    onProgress: OnProgress,
  ): Promise<ImportOutcome> {
    const result = await importDocuments(database.db, upload.source, source, {
      path: upload.path,
      format: upload.format,
      replace: mode === 'replace',
      onProgress,
      rejectionReport: uploads.reportPath(upload.id),
    });
    if (!result.ok) {
      const { records, rejectedCount, rejected } = result;
      return {
        id: null,
        records,
        rejectedCount,
        rejected,
        report: reportOf(upload, rejectedCount),
        applied: null,
      };
    }
    const { summary } = result;
    const changed = summary.inserted + summary.updated + summary.deleted;
    if (changed > 0) await database.notify(DOCUMENTS_CHANGED_CHANNEL, upload.source);
    await recordAudit(database.db, actor, {
      action: 'import.apply',
      target: upload.source,
      records: changed,
      details: { mode, format: upload.format, records: result.records, ...summary },
    });
    return {
      id: null,
      records: result.records,
      rejectedCount: 0,
      rejected: [],
      report: null,
      applied: { records: result.records, ...summary },
    };
  }

  app.post(
    '/api/admin/sources/:source/imports',
    sourceParam(config),
    validQuery(ImportQuerySchema),
    async (c) => {
      const { format, apply: mode } = c.req.valid('query');
      const declared = Number(c.req.header('Content-Length') ?? 0);
      if (declared > MAX_IMPORT_UPLOAD_BYTES) return apiError(c, 413, 'too_large', tooLarge);
      const body = c.req.raw.body;
      if (!body) return apiError(c, 400, 'empty_body', 'Send the import file as the request body.');
      const { name, config: source } = c.var.source;
      let upload: Upload;
      try {
        upload = await uploads.receive(body, name, format);
      } catch (error) {
        if (!(error instanceof UploadTooLargeError)) throw error;
        c.header('Connection', 'close');
        return apiError(c, 413, 'too_large', tooLarge);
      }
      const { actor } = c.var;
      return progressResponse(
        c,
        async (onProgress) => {
          try {
            if (mode) return { status: 200, body: await apply(actor, upload, source, mode, onProgress) };
            const check = await checkImportFile(source, {
              path: upload.path,
              format,
              onProgress,
              rejectionReport: uploads.reportPath(upload.id),
            });
            const clean = check.rejectedCount === 0;
            if (clean) uploads.keep(upload);
            await recordAudit(database.db, actor, {
              action: 'import.check',
              target: name,
              records: check.records,
              details: { format, rejected: check.rejectedCount },
            });
            const report = reportOf(upload, check.rejectedCount);
            return { status: 200, body: { id: clean ? upload.id : null, ...check, report, applied: null } };
          } finally {
            if (mode || !uploads.has(upload.id)) uploads.discard(upload);
          }
        },
        failure,
      );
    },
  );

  app.post(
    '/api/admin/imports/:id',
    jsonBody(ApplyImportSchema, { maxBytes: MAX_ADMIN_JSON_BYTES, what: 'An import request' }),
    async (c) => {
      const upload = uploads.take(c.req.param('id'));
      if (!upload) {
        return apiError(
          c,
          404,
          'unknown_import',
          'No checked upload has this id (applied, cancelled, expired, or checked by another server process); upload the file again.',
        );
      }
      const source = config.gapSearch.dataSources[upload.source]!;
      const { mode } = c.req.valid('json');
      const { actor } = c.var;
      return progressResponse(
        c,
        async (onProgress) => {
          try {
            return { status: 200, body: await apply(actor, upload, source, mode, onProgress) };
          } finally {
            uploads.discard(upload);
          }
        },
        failure,
      );
    },
  );

  app.get('/api/admin/imports/:id/rejections', (c) => {
    const path = uploads.report(c.req.param('id'));
    if (!path) {
      return apiError(
        c,
        404,
        'unknown_report',
        'No rejection report has this id (expired after an hour, or written by another server process); check the file again.',
      );
    }
    return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, 200, {
      'Content-Type': 'text/tab-separated-values; charset=utf-8',
      // No file name: the console names the download after the file it checked.
      'Content-Disposition': 'attachment',
      'Cache-Control': 'no-store',
    });
  });

  app.delete('/api/admin/imports/:id', async (c) => {
    const id = c.req.param('id');
    if (!uploads.forget(id)) return apiError(c, 404, 'unknown_import', 'No checked upload has this id.');
    await recordAudit(database.db, c.var.actor, { action: 'import.cancel', target: id });
    return c.body(null, 204);
  });

  app.post('/api/admin/sources/:source/undo-import', sourceParam(config), async (c) => {
    const { name } = c.var.source;
    const undone = await undoLastImport(database.db, name);
    if (!undone)
      return apiError(
        c,
        409,
        'nothing_to_undo',
        `The last import into "${name}" was undone already, or there was none.`,
      );
    await database.notify(DOCUMENTS_CHANGED_CHANNEL, name);
    await recordAudit(database.db, c.var.actor, {
      action: 'import.undo',
      target: name,
      records: undone.restored + undone.removed,
      details: { ...undone },
    });
    return c.json(undone);
  });

  return app;
}
