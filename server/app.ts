// Composes the server: middleware first, then each feature's sub-app, then the SPA.
import { Hono } from 'hono';
import { apiPaths } from '../shared/api-paths';
import type { AppConfig } from '../shared/app-config';
import { AuthProvidersSchema } from '../shared/auth-schemas';
import type { RenderBundle } from '../shared/render-bundle';
import { createAuthSetup } from './auth/auth-setup';
import type { SessionStore } from './auth/session-store';
import type { SessionReader } from './auth/session-user';
import { warnOnUntrustedProxy } from './client-address';
import type { Database } from './db/client';
import type { Env } from './env';
import { createLookupStore, type LookupStore } from './graphql/lookup-store';
import { apiError } from './http-error';
import type { Logger } from './logger';
import { createServerMetrics, type ServerMetrics } from './metrics/server-metrics';
import { registerStateGauges } from './metrics/state-gauges';
import { compression } from './middleware/compression';
import { requestMetrics } from './middleware/request-metrics';
import { securityHeaders } from './middleware/security-headers';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { backupRoutes } from './routes/backup';
import { clientLogRoutes } from './routes/client-logs';
import { contactRoutes } from './routes/contact';
import { crawlerFiles } from './routes/crawler-files';
import { errorTestRoutes } from './routes/error-test';
import { graphqlRoutes } from './routes/graphql';
import { healthRoutes, type SearchDataState } from './routes/health';
import { i18nMessagesRoutes, liveLocaleMessages, loadLocaleMessages } from './routes/i18n-messages';
import { metricsRoutes } from './routes/metrics';
import { publicConfigRoutes } from './routes/public-config';
import { publicRenderData } from './routes/public-render-data';
import { renderedPages } from './routes/rendered-pages';
import { searchIndexRoutes } from './routes/search-index';
import { staticFiles } from './routes/static-files';
import { type ArtifactCatalog, createArtifactCatalog } from './search/artifact-catalog';

export interface AppDeps {
  env: Env;
  config: AppConfig;
  database: Database;
  logger: Logger;
  sessions: SessionReader;
  /** The server-side sessions the reader checks; sign-in opens them, sign-out revokes them. */
  sessionStore: SessionStore;
  /** Progress of start-up's demo data and index builds (server/index.ts); absent means nothing to prepare. */
  searchDataState?: () => SearchDataState;
  /** Shared with the search index service (server/index.ts); a set of its own when absent. */
  metrics?: ServerMetrics;
  /**
   * The process's in-memory views of the index artifacts and the lookups, shared with the GraphQL
   * WebSocket (server/index.ts); views of its own when absent.
   */
  artifacts?: ArtifactCatalog;
  lookups?: LookupStore;
  /** Tests render from the client's source; the server loads the built bundle (routes/rendered-pages.ts). */
  renderBundle?: Promise<RenderBundle>;
}

export function createApp(appDeps: AppDeps) {
  const deps = {
    ...appDeps,
    metrics: appDeps.metrics ?? createServerMetrics(),
    artifacts: appDeps.artifacts ?? createArtifactCatalog(appDeps.database),
    lookups: appDeps.lookups ?? createLookupStore(appDeps.database),
    auth: createAuthSetup(appDeps),
  };
  const { env, config, database, logger, metrics, artifacts, lookups } = deps;
  registerStateGauges(metrics.registry, { database, artifacts });
  const app = new Hono();

  // Without a token requests are not even timed, and /metrics is an unknown path.
  if (env.METRICS_TOKEN) app.use('*', requestMetrics(metrics));
  app.use('*', securityHeaders({ https: env.PUBLIC_URL.startsWith('https:'), staticDir: env.STATIC_DIR }));
  app.use('*', compression());
  app.use('*', warnOnUntrustedProxy(env.TRUST_PROXY_HOPS, logger));

  app.route('/', healthRoutes(database, deps.searchDataState ?? (() => 'ready')));
  if (env.METRICS_TOKEN) app.route('/', metricsRoutes(env.METRICS_TOKEN, metrics.registry));
  app.route('/', authRoutes(deps));
  app.route('/', publicConfigRoutes(config));
  app.route(
    '/',
    i18nMessagesRoutes(env.NODE_ENV === 'development' ? liveLocaleMessages() : loadLocaleMessages()),
  );

  const trustProxyHops = env.TRUST_PROXY_HOPS;
  app.route('/', clientLogRoutes({ ...deps, appCode: config.appCode, trustProxyHops }));
  app.route('/', errorTestRoutes(database, trustProxyHops, metrics.rateLimitRefusals));
  app.route('/', contactRoutes({ ...deps, trustProxyHops }));

  app.route('/', searchIndexRoutes(deps));
  app.route('/', backupRoutes(deps));
  app.route('/', graphqlRoutes(deps));
  app.route('/', adminRoutes(deps));

  app.all('/api/*', (c) => apiError(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}`));
  app.route('/', crawlerFiles({ config, database, artifacts, publicUrl: env.PUBLIC_URL }));
  if (env.SERVER_RENDERING) {
    app.route(
      '/',
      renderedPages({
        staticDir: env.STATIC_DIR,
        config,
        sessions: deps.sessions,
        logger,
        publicData: publicRenderData({
          config,
          artifacts,
          lookups,
          // Asked of Auth.js through the app, as the browser asks: the same providers and URLs.
          signInProviders: async () =>
            AuthProvidersSchema.parse(await (await app.request(`${apiPaths.auth}/providers`)).json()),
          logger,
        }),
        publicUrl: env.PUBLIC_URL,
        bundle: deps.renderBundle,
      }),
    );
  }
  app.route('/', staticFiles(env.STATIC_DIR));

  app.notFound((c) => c.text('Not Found', 404));
  app.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, 'unhandled server error');
    return apiError(c, 500, 'internal', 'Something went wrong on the server.');
  });
  return app;
}
