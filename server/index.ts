// Process entry: validate env and config, open and migrate the database, listen, and shut down
// gracefully (stop accepting, let in-flight requests finish for up to 10 s, close the database).
import { existsSync } from 'node:fs';
import { createApp } from './app';
import { loadAppConfig } from './app-config';
import { resolveAuthSecret } from './auth/auth-secret';
import { createSessionReader } from './auth/session-reader';
import { createSessionStore } from './auth/session-store';
import { openConfiguredDatabase } from './db/open-configured-database';
import { parseEnv } from './env';
import { createLookupStore } from './graphql/lookup-store';
import { attachGraphqlWebSocket } from './graphql/websocket';
import { listenHttp } from './http-server';
import { createLogger } from './logger';
import { createServerMetrics } from './metrics/server-metrics';
import { isImportUpload } from './routes/admin-imports';
import type { SearchDataState } from './routes/health';
import { createArtifactCatalog } from './search/artifact-catalog';
import { createSearchIndexService } from './search/index-service';
import { seedDemoData } from './seed/seed-demo-data';

const SHUTDOWN_GRACE_MS = 10_000;

function startupValue<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (existsSync('.env')) process.loadEnvFile('.env');
const env = startupValue(() => parseEnv(process.env));
const config = startupValue(loadAppConfig);
const logger = createLogger(env.LOG_LEVEL);

const database = await openConfiguredDatabase(env, (err) =>
  logger.warn({ err }, 'database connection lost; it will be replaced'),
);
logger.info({ database: database.kind }, 'database ready, migrations applied');

const sessionStore = createSessionStore(database, env.AUTH_SESSION_MAX_AGE);
const sessions = createSessionReader(sessionStore, env, resolveAuthSecret(env, logger));
let searchData: SearchDataState = 'preparing';
const metrics = createServerMetrics();
// One in-memory view of each for the whole process: the app's routes and the GraphQL WebSocket.
const artifacts = createArtifactCatalog(database);
const lookups = createLookupStore(database);
const app = createApp({
  env,
  config,
  database,
  logger,
  sessions,
  sessionStore,
  searchDataState: () => searchData,
  metrics,
  artifacts,
  lookups,
});
const server = listenHttp(
  app.fetch,
  { port: env.PORT, hostname: env.HOST },
  (info) => logger.info({ port: info.port, url: env.PUBLIC_URL }, `${config.platformName} is listening`),
  { isUpload: isImportUpload },
);
const graphqlWebSocket = env.GRAPHQL_WEBSOCKET
  ? attachGraphqlWebSocket(server, { env, config, database, logger, sessions, artifacts, lookups })
  : null;

// Demo data and index builds come after listening, so /readyz answers while they run (the first
// start seeds 135,233 cities: a few seconds, then about 15 s to build their index in a worker thread).
const searchIndexes = createSearchIndexService({
  database,
  config,
  logger,
  metrics,
  head: { documents: env.SEARCH_HEAD_DOCUMENTS, from: env.SEARCH_HEAD_FROM },
});
void (async () => {
  if (env.SEED_DEMO_DATA) {
    // Each seeded source is indexed before the next is written, so the small public one is ready first.
    await seedDemoData({
      database,
      config,
      logger,
      onSourceSeeded: (source) => {
        searchIndexes.queueBuild(source);
        return searchIndexes.idle();
      },
    });
  }
  await searchIndexes.start();
  await searchIndexes.idle();
  searchData = 'ready';
})().catch((err) => {
  searchData = 'failed';
  logger.error({ err }, 'search data could not be prepared');
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const forceClose = setTimeout(() => {
    logger.warn('in-flight requests did not finish in time; closing their connections');
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  await graphqlWebSocket?.close();
  await new Promise<void>((done) => {
    server.close(() => done());
    server.closeIdleConnections();
  });
  clearTimeout(forceClose);
  await searchIndexes.stop();
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
