// POST /api/index: current index checksums; GET /api/index/:source/:crc32c: the artifact itself,
// immutable by checksum. Protected sources are answered and served to signed-in callers only.
import { Hono } from 'hono';
import { apiPaths } from '#shared/api-paths';
import type { AppConfig } from '#shared/app-config';
import { IndexChecksumsRequestSchema } from '#shared/search/index-api';
import type { SessionReader } from '../auth/session-user';
import { apiError } from '../http-error';
import { jsonBody } from '../json-body';
import type { Logger } from '../logger';
import { plainResponse } from '../plain-response';
import { holdsEtag } from '../precompressed';
import { type ArtifactCatalog, isCurrent } from '../search/artifact-catalog';
import { checksumAnswers } from '../search/checksum-answers';

const REQUEST_BYTES = 16 * 1024;
export interface SearchIndexDeps {
  config: AppConfig;
  artifacts: ArtifactCatalog;
  logger: Logger;
  sessions: SessionReader;
}

export function searchIndexRoutes({ config, artifacts, logger, sessions }: SearchIndexDeps) {
  const sources = config.gapSearch.dataSources;
  const app = new Hono();
  const answers = checksumAnswers(sources);

  const body = jsonBody(IndexChecksumsRequestSchema, { maxBytes: REQUEST_BYTES, what: 'An index request' });
  app.post(apiPaths.searchIndex, body, async (c) => {
    const { dataSources, dataSourceLoadStates } = c.req.valid('json');
    const unknown = [...(dataSources ?? []), ...Object.keys(dataSourceLoadStates)].filter(
      (name) => !sources[name],
    );
    if (unknown.length > 0) {
      return apiError(c, 400, 'unknown_source', `Unknown data source: ${[...new Set(unknown)].join(', ')}.`);
    }
    const user = await sessions.getUser(c.req.raw);
    const failed = Object.entries(dataSourceLoadStates).filter(([, state]) => state === 'error');
    if (failed.length > 0) {
      logger.warn(
        { sources: failed.map(([name]) => name), userId: user?.id },
        'client reports search index load errors',
      );
    }
    const built = await artifacts.summaries();
    return plainResponse(c, answers.text(built, user !== null, dataSources), 200, {
      'cache-control': 'no-store',
      'content-type': 'application/json',
    });
  });

  app.get(`${apiPaths.searchIndex}/:source/:crc32c`, async (c) => {
    const name = c.req.param('source');
    const source = sources[name];
    if (!source) return apiError(c, 404, 'not_found', `No data source "${name}".`);
    if (source.protected && !(await sessions.getUser(c.req.raw))) {
      return apiError(c, 401, 'unauthenticated', `Sign in to load the "${name}" index.`);
    }
    const crc32c = /^\d{1,10}$/.test(c.req.param('crc32c')) ? Number(c.req.param('crc32c')) : -1;
    if (!isCurrent((await artifacts.summaries()).get(name), crc32c)) {
      return apiError(
        c,
        404,
        'not_found',
        `No "${name}" index with checksum ${c.req.param('crc32c')}; ask ${apiPaths.searchIndex} for the current one.`,
      );
    }
    const etag = `"${crc32c}"`;
    // Content-addressed by checksum, so a public one never changes. A protected one is never kept
    // by the browser's HTTP cache, which sign-out cannot empty: the worker's own copy is wiped instead.
    const cacheControl = source.protected ? 'private, no-store' : 'public, max-age=31536000, immutable';
    if (holdsEtag(c, etag)) return plainResponse(c, null, 304, { 'cache-control': cacheControl, etag });
    const bytes = await artifacts.bytes(name, crc32c);
    if (!bytes) return apiError(c, 404, 'not_found', `The "${name}" index was just replaced; ask again.`);
    return plainResponse(c, bytes, 200, {
      'cache-control': cacheControl,
      etag,
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
    });
  });

  return app;
}
