// The servers that draw every page (SERVER_RENDERING=true) and hold the demo countries, a public
// source, so items and queries are drawn from its index too. The global setup starts one per
// Playwright worker for the run, beside the main server; the specs about rendered pages share them
// (they change nothing on them), instead of each worker importing the countries and starting its
// own in each spec. One per worker, because a server draws one page at a time and sends the shell
// to a request that comes meanwhile (MAX_RENDERS_UNDER_WAY).
import { test } from '@playwright/test';
import { countryRecords } from '#server/seed/countries';
import { startServer, type TestServer } from '#tests/support/server-process';

const ORIGINS_VARIABLE = 'E2E_RENDERING_ORIGINS';

/** Starts `count` of them, and tells the test workers where (they inherit the runner's environment). */
export async function startRenderingServers(count: number): Promise<TestServer[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () =>
      startServer({
        documents: { countries: countryRecords() },
        env: { SERVER_RENDERING: 'true', LOG_LEVEL: 'warn' },
        // Ready once its sources' indexes are built: the search pages are drawn as they then stay.
        waitForSearchData: true,
      }),
    ),
  );
  const servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  process.env[ORIGINS_VARIABLE] = servers.map((server) => server.url()).join(' ');
  return servers;
}

/** The running test's worker's rendering server. */
export const renderingServer = {
  url(path = '/'): string {
    const origins = process.env[ORIGINS_VARIABLE]?.split(' ');
    if (!origins)
      throw new Error(`${ORIGINS_VARIABLE} is unset: the global setup starts the rendering servers`);
    return new URL(path, origins[test.info().parallelIndex % origins.length]).toString();
  },
};
