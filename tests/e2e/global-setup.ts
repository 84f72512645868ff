// Starts the rendering servers (rendering-server.ts) and waits until the main e2e server has
// finished start-up's demo data and index builds, so no spec races a server that is still writing
// 135,233 cities on two shared cores. Returns the teardown, which stops the rendering servers.
import type { FullConfig } from '@playwright/test';
import { startRenderingServers } from './rendering-server';

const TIMEOUT_MS = 300_000;

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const [rendering, mainServer] = await Promise.allSettled([
    startRenderingServers(config.workers),
    waitForSearchData(config),
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
