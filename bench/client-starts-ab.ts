// Two client builds compared at N synthetic cities: cold and warm starts of a signed-in search in
// Chromium, in turns. Two production servers share one PostgreSQL database (so both serve the same
// artifact), each serving one build; once per build unmeasured (the first waits for the index to be
// built), then per round and build, a new browser context signs in, opens /search?s=<the most
// populous city> cold (its first results, then the whole index loaded), waits until the worker has
// kept its copy, then opens /search?s=<the first generated city> warm WARM_STARTS times (a rare name,
// which a head segment does not hold) and /search?s=<the most populous city> as often (one it does).
// No consent to preferences, so no start snapshot paints first.
//   BUILDS=dist-before,dist-after [N=1000000] [ROUNDS=4] [WARM_STARTS=2] [DATABASE_URL=…] tsx bench/client-starts-ab.ts
// The database (by default sift_client_starts_<N> on the local PostgreSQL) is created and the cities
// imported when it does not exist: a few minutes at a million. Prints one JSON line: per build the
// starts and their medians, and the ratio of each build's medians to the first build's.
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { chromiumArgs } from '#tests/support/chromium';
import { startServer } from '../tests/support/server-process';
import { searchStart, signedInPage, untilKept, untilLoaded } from './client-first-result';
import { latencyStats } from './stats';
import { mostPopulousName, syntheticCities, writeNdjson } from './synthetic-cities';

const builds = (process.env.BUILDS ?? '').split(',').filter(Boolean);
if (builds.length < 2) throw new Error('BUILDS: two or more built client folders, comma-separated');
const N = Number(process.env.N ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const WARM_STARTS = Number(process.env.WARM_STARTS ?? 2);
const databaseUrl = new URL(
  process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/sift_client_starts_${N}`,
);
const user = { email: 'client-starts@example.test', password: 'a long enough bench password' };

/** Creates the database and imports N cities into it, unless it exists. Returns whether it did. */
async function prepareDatabase(): Promise<boolean> {
  const name = databaseUrl.pathname.slice(1);
  const admin = new pg.Client({ connectionString: new URL('/postgres', databaseUrl).toString() });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return false;
    await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  const file = `${process.env.TMPDIR ?? '/tmp'}/sift-client-starts-${N}.ndjson`;
  await writeNdjson(file, syntheticCities(N));
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', 'cities', file], {
    env: { ...process.env, DATABASE_URL: databaseUrl.toString(), NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return true;
}

const created = await prepareDatabase();
const servers = [];
for (const [i, staticDir] of builds.entries()) {
  servers.push(
    await startServer({
      // The account once: the servers share the database.
      users: i === 0 && created ? [user] : [],
      env: {
        DATABASE_URL: databaseUrl.toString(),
        NODE_ENV: 'production',
        AUTH_SECRET: 'sift-bench-auth-secret-0123456789abcdefghijklmnop',
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'warn',
      },
      waitForSearchData: false,
    }),
  );
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
const coldQuery = mostPopulousName(N);
const query = String(syntheticCities(1).next().value!.name);
const starts = builds.map(() => ({
  coldMs: [] as number[],
  coldLoadedMs: [] as number[],
  warmMs: [] as number[],
  warmPopularMs: [] as number[],
}));
try {
  for (let round = -1; round < ROUNDS; round += 1) {
    for (const [i, server] of servers.entries()) {
      const origin = new URL(server.url()).origin;
      const page = await signedInPage(browser, origin, user);
      // Round -1 is not kept.
      const kept = round >= 0 ? starts[i]! : { coldMs: [], coldLoadedMs: [], warmMs: [], warmPopularMs: [] };
      kept.coldMs.push((await searchStart(page, origin, coldQuery)).ms);
      kept.coldLoadedMs.push(await untilLoaded(page));
      await untilKept(page, 'cities');
      for (let warm = 0; warm < WARM_STARTS; warm += 1) {
        kept.warmMs.push((await searchStart(page, origin, query)).ms);
        kept.warmPopularMs.push((await searchStart(page, origin, coldQuery)).ms);
      }
      await page.context().close();
    }
  }
  const medians = starts.map((build) => ({
    cold: latencyStats(build.coldMs).p50Ms,
    coldLoaded: latencyStats(build.coldLoadedMs).p50Ms,
    warm: latencyStats(build.warmMs).p50Ms,
    warmPopular: latencyStats(build.warmPopularMs).p50Ms,
  }));
  console.info(
    JSON.stringify({
      bench: 'client-starts-ab',
      documents: N,
      coldQuery,
      query,
      builds: builds.map((staticDir, i) => ({
        staticDir,
        ...starts[i],
        medianColdMs: medians[i]!.cold,
        medianColdLoadedMs: medians[i]!.coldLoaded,
        medianWarmMs: medians[i]!.warm,
        medianWarmPopularMs: medians[i]!.warmPopular,
        coldRatio: Math.round((medians[i]!.cold / medians[0]!.cold) * 1000) / 1000,
        warmRatio: Math.round((medians[i]!.warm / medians[0]!.warm) * 1000) / 1000,
        warmPopularRatio: Math.round((medians[i]!.warmPopular / medians[0]!.warmPopular) * 1000) / 1000,
      })),
    }),
  );
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
