// Starts the rendering servers (rendering-server.ts), creates the main e2e server's account while
// that server loads the demo data, and waits until it has finished start-up's demo data and index
// builds, so no spec races a server that is still writing 135,233 cities on two shared cores.
// Returns the teardown, which stops the rendering servers.
import type { FullConfig } from '@playwright/test';
import { openOrHandOver } from '#scripts/server-handover';
import { serverAccounts } from '#scripts/users';
import type { Env } from '#server/env';
import { mainServerUser } from './main-server-user';
import { startRenderingServers } from './rendering-server';

const TIMEOUT_MS = 300_000;

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const [rendering, mainServer] = await Promise.allSettled([
    startRenderingServers(config.workers),
    Promise.all([createMainServerUser(config), waitForSearchData(config)]),
  ]);
  if (rendering.status === 'rejected') throw rendering.reason;
  const stop = async () => {
    await Promise.all(rendering.value.map((server) => server.stop()));
  };
  if (mainServer.status === 'rejected') {
    await stop();
    throw mainServer.reason;
  }
  return stop;
}

/**
 * As `npm run users -- create` does beside a running server: through the admin API with the local
 * admin token the server wrote in its data folder (the embedded database admits one process).
 */
async function createMainServerUser(config: FullConfig): Promise<void> {
  const DATA_DIR = config.webServer?.env?.DATA_DIR;
  if (!DATA_DIR) throw new Error('The main e2e server has no DATA_DIR');
  const target = await openOrHandOver({ DATA_DIR } as Env);
  if (!('server' in target)) {
    await target.database.close();
    throw new Error(`No e2e server holds ${DATA_DIR}`);
  }
  await serverAccounts(target.server).create({ ...mainServerUser, name: null, role: 'user' });
}

async function waitForSearchData(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) return;
  const deadline = Date.now() + TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const body = (await (await fetch(new URL('/readyz', baseURL))).json()) as { searchData?: string };
      last = body.searchData ?? 'missing';
      if (last === 'ready') return;
      if (last === 'failed') throw new Error('The e2e server could not prepare its search data');
    } catch (error) {
      if (error instanceof Error && error.message.includes('could not prepare')) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`The e2e server's search data was not ready after ${TIMEOUT_MS / 1000} s (last: ${last})`);
}
