// A server on an embedded database in a temp folder, running in this process (the real app, a
// listening port, the index service), so that CLI tests meet the lock and the local admin token
// exactly as beside `npm start`.
import { join } from 'node:path';
import { createApp } from '#server/app';
import { loadAppConfig } from '#server/app-config';
import { createSessionStore } from '#server/auth/session-store';
import { openDatabase } from '#server/db/client';
import { listenHttp } from '#server/http-server';
import { createLogger } from '#server/logger';
import { isImportUpload } from '#server/routes/admin-imports';
import { buildInProcess } from '#server/search/artifact-build';
import { createSearchIndexService } from '#server/search/index-service';
import { migratedDataDir } from './databases';
import { freePort } from './server-process';
import { fixedSession, testEnv } from './test-app';

export async function startEmbeddedServer() {
  const dataDir = await migratedDataDir('sift-embedded-server-');
  const env = testEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(await freePort()) });
  const config = loadAppConfig();
  const logger = createLogger('silent');
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  const sessionStore = createSessionStore(database, env.AUTH_SESSION_MAX_AGE);
  const app = createApp({ env, config, database, logger, sessions: fixedSession(null), sessionStore });
  const server = await new Promise<ReturnType<typeof listenHttp>>((resolve) => {
    const listening = listenHttp(
      app.fetch,
      { port: env.PORT, hostname: env.HOST },
      () => resolve(listening),
      {
        isUpload: isImportUpload,
      },
    );
  });
  const indexes = createSearchIndexService({ database, config, logger, build: buildInProcess });
  await indexes.start();
  return {
    env,
    database,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await indexes.stop();
      await database.close();
    },
  };
}
