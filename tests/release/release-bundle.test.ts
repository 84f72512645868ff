// The release bundle as an operator runs it: built around the client already built, copied to a
// temporary folder away from the source, then started with plain Node, on the embedded database
// from its own folder and on PostgreSQL from the folder above. An account made with its users CLI
// signs in, searches and backs up, and SIGTERM stops the server cleanly while the demo cities are
// still being prepared.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelease } from '#scripts/release';
import { loadAppConfig } from '#server/app-config';
import { apiPaths } from '#shared/api-paths';
import { toSnapshot } from '#shared/kv/kv-snapshot';
import { setRecord } from '#shared/kv/kv-transitions';
import type { IndexChecksumsResponse } from '#shared/search/index-api';
import { readArtifact, restoreArtifact } from '#shared/search/index-artifact';
import { runSearch } from '#shared/search/run-search';
import { buildSearchRequest } from '#shared/search/search-request';
import { httpTarget, type RequestTarget, type SignedIn, signInTestUser } from '../support/auth';
import { createFreshPostgres } from '../support/databases';
import { startServer } from '../support/server-process';

const user = { email: 'operator@example.test', password: 'a long enough release password' };

/**
 * What an operator sets: a secret and, for PostgreSQL, DATABASE_URL. Nothing from the test run or
 * the source tree: no test mode, no module paths, and where the client and the data are is left to
 * the release (beside server.mjs, and ./.data in the folder it is started from).
 */
const operatorEnv = {
  AUTH_SECRET: 'sift-release-test-secret-0123456789abcdefghij',
  NODE_ENV: undefined,
  NODE_PATH: undefined,
  NODE_OPTIONS: undefined,
  STATIC_DIR: undefined,
  DATA_DIR: undefined,
};

let root: string;
let folder: string;

interface Run {
  env: Record<string, string>;
  /** The working directory, where the server reads .env and keeps ./.data. */
  cwd: string;
  /** Where the embedded database must appear; none on PostgreSQL. */
  dataDir?: string;
  drop(): Promise<void>;
}

/** The embedded database from the release's own folder, PostgreSQL from the folder above it. */
const runs: { name: string; start(): Promise<Run> }[] = [
  {
    name: 'the embedded database',
    start: async () => ({ env: {}, cwd: folder, dataDir: join(folder, '.data'), drop: async () => {} }),
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          start: async () => {
            const fresh = await createFreshPostgres(process.env.TEST_DATABASE_URL!);
            return { env: { DATABASE_URL: fresh.url }, cwd: root, drop: fresh.drop };
          },
        },
      ]
    : []),
];

beforeAll(async () => {
  const built = mkdtempSync(join(tmpdir(), 'sift-release-build-'));
  const release = await buildRelease({ outDir: built, reuseClient: true, tarball: false });
  root = mkdtempSync(join(tmpdir(), 'sift-release-'));
  folder = join(root, 'sift');
  cpSync(release, folder, { recursive: true });
  rmSync(built, { recursive: true, force: true });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function indexChecksums(http: RequestTarget, session: SignedIn): Promise<IndexChecksumsResponse> {
  const response = await http.request(apiPaths.searchIndex, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...session.headers },
    body: '{}',
  });
  return (await response.json()) as IndexChecksumsResponse;
}

/** Polls until the small public source is indexed; the cities take far longer and are not waited for. */
async function countriesReady(http: RequestTarget, session: SignedIn): Promise<IndexChecksumsResponse> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const checksums = await indexChecksums(http, session);
    if (checksums.countries?.state === 'ready' || Date.now() > deadline) return checksums;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the release bundle', () => {
  it('holds the bundled server and CLIs, their files and production packages, and no source', () => {
    expect(readdirSync(folder).sort()).toEqual([
      'RUN.md',
      'dist',
      'drizzle',
      'import.mjs',
      'index-build-worker.mjs',
      'locales',
      'node_modules',
      'package-lock.json',
      'package.json',
      'schema.graphql',
      'server.mjs',
      'users.mjs',
    ]);
    // The worker of a source run needs tsx to load TypeScript; the bundled one needs nothing.
    expect(existsSync(join(folder, 'node_modules', 'tsx'))).toBe(false);
    const imported = spawnSync(process.execPath, ['import.mjs'], {
      cwd: folder,
      env: { ...process.env, ...operatorEnv },
      encoding: 'utf8',
    });
    expect(imported.stderr).toMatch(/^Usage: npm run import/);
    expect(imported.status).toBe(2);
  });

  it.each(runs)('signs in, searches and backs up on $name, and stops cleanly', async (run) => {
    const { env, cwd, dataDir, drop } = await run.start();
    const server = await startServer({
      release: folder,
      cwd,
      users: [user],
      env: { ...operatorEnv, ...env, SEED_DEMO_DATA: 'true' },
      waitForSearchData: false,
    });
    try {
      const origin = new URL(server.url()).origin;
      const http = httpTarget(origin);
      const page = await fetch(server.url('/'));
      expect(await page.text()).toBe(readFileSync(join(folder, 'dist', 'client', 'index.html'), 'utf8'));

      const session = await signInTestUser(http, user.email, user.password);
      const checksums = await countriesReady(http, session);
      expect(checksums.countries?.state).toBe('ready');
      // Protected: listed for a signed-in caller, whether or not its index is built yet.
      expect(checksums.cities).toBeDefined();
      const artifact = await http.request(
        apiPaths.searchIndexArtifact('countries', checksums.countries!.crc32c!),
      );
      const index = await readArtifact(new Uint8Array(await artifact.arrayBuffer()));
      const { engine, index: restored } = await restoreArtifact(index);
      const countries = loadAppConfig().gapSearch.dataSources.countries!;
      const found = await runSearch(
        engine,
        restored,
        index.dataType,
        buildSearchRequest(countries, 'cote ivoire'),
      );
      expect(found.hits.map((hit) => hit.id)).toEqual(['CIV']);

      const snapshot = toSnapshot([setRecord(undefined, 'release.note', 'kept', {}, new Date())]);
      const backedUp = await http.request(apiPaths.backup, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, ...session.headers },
        body: JSON.stringify(snapshot),
      });
      expect(backedUp.status).toBe(200);
      const restoredBackup = await http.request(apiPaths.backup, { headers: session.bearerHeaders });
      expect(await restoredBackup.json()).toEqual(snapshot);

      const { searchData } = (await (await http.request(apiPaths.readyz)).json()) as { searchData: string };
      expect(searchData).not.toBe('failed');
      expect(await server.stop()).toBe(0);
      expect(server.output()).toContain('"message":"stopped"');
      if (dataDir) {
        expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
        expect(existsSync(join(dataDir, 'pglite', 'sift.lock'))).toBe(false);
      }
    } finally {
      await server.stop();
      await drop();
    }
  });
});
