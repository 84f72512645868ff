// Starts a real server (node --import tsx server/index.ts, the run's bundle of it, or a release
// bundle's server.mjs) on a free port with its own data folder, accounts and documents, for e2e
// tests that need users, data or settings the shared server lacks:
//   const server = await startServer({ users: [{ email, password }], env: { SMTP_URL } });
//   await page.goto(server.url('/modules/auth/login'));  …  await server.stop();
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAppConfig } from '#server/app-config';
import { createUser } from '#server/auth/user-store';
import { openDatabase } from '#server/db/client';
import { configuredDatabaseOptions } from '#server/db/open-configured-database';
import { writeDocuments } from '#server/search/document-store';
import { validateRecords } from '#server/search/record-validation';
import { SERVER_BUNDLE_VARIABLE } from './server-bundle';

export interface ServerUser {
  email: string;
  password: string;
  name?: string;
  role?: string;
}

export interface TestServer {
  url(path?: string): string;
  /** The id of the process that serves (benchmarks read its memory; tests may kill it). */
  pid: number;
  /** What the server wrote to stdout and stderr so far (JSON log lines). */
  output(): string;
  /** Sends SIGTERM (once) and resolves with the exit code when the server has stopped. */
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits for /readyz, and with demo data for its `searchData` to be ready too: sign-in and searches
 * against a server still writing 135,233 cities can take longer than any test should wait.
 */
async function waitUntilReady(
  origin: string,
  child: ChildProcess,
  output: () => string,
  withSearchData: boolean,
): Promise<void> {
  const deadline = Date.now() + (withSearchData ? 170_000 : 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      const response = await fetch(`${origin}/readyz`);
      const { searchData } = (await response.json()) as { searchData?: string };
      if (searchData === 'failed')
        throw new Error(`the server could not prepare its search data:\n${output()}`);
      if (response.ok && (!withSearchData || searchData === 'ready')) return;
    } catch (error) {
      if (error instanceof Error && error.message.includes('search data')) throw error;
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become ready:\n${output()}`);
}

export interface ServerOptions {
  users?: ServerUser[];
  /** Documents the server holds when it starts, by source (it builds their indexes at start). */
  documents?: Record<string, Record<string, unknown>[]>;
  /** Added to the environment; `undefined` removes a variable, leaving the server's default. */
  env?: Record<string, string | undefined>;
  /** A release bundle's folder (scripts/release.ts): its server.mjs and users.mjs run with plain Node. */
  release?: string;
  /** The release's working directory, where it reads .env and keeps ./.data; by default its folder. */
  cwd?: string;
  /** Wait for the demo data and index builds too; by default when SEED_DEMO_DATA is 'true'. */
  waitForSearchData?: boolean;
}

function createWithCli(cli: string, cwd: string | undefined, env: NodeJS.ProcessEnv, user: ServerUser) {
  const args = [cli, 'create', user.email, '--role', user.role ?? 'user'];
  if (user.name) args.push('--name', user.name);
  const created = spawnSync(process.execPath, args, {
    cwd,
    env,
    input: `${user.password}\n`,
    encoding: 'utf8',
  });
  if (created.status !== 0)
    throw new Error(`creating ${user.email} failed: ${created.stderr}${created.stdout}`);
}

/** The database a server of `env` opens. */
const databaseOf = (env: NodeJS.ProcessEnv) =>
  openDatabase(configuredDatabaseOptions({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR! }));

/** Writes the accounts and documents a server starts with, as the operator CLIs would. */
async function writeStartData(env: NodeJS.ProcessEnv, { users = [], documents = {} }: ServerOptions) {
  const { dataSources } = loadAppConfig().gapSearch;
  const database = await databaseOf(env);
  try {
    for (const { email, name, role, password } of users)
      await createUser(database.db, { email, name: name ?? null, role: role ?? 'user', password });
    for (const [source, records] of Object.entries(documents)) {
      const config = dataSources[source];
      if (!config) throw new Error(`no data source "${source}" is configured`);
      const { valid, rejected } = validateRecords(
        config,
        records.map((record, i) => ({ at: i + 1, record })),
      );
      if (rejected.length > 0) throw new Error(`refused ${source} records: ${JSON.stringify(rejected[0])}`);
      await writeDocuments(database.db, source, valid, { atomic: false });
    }
  } finally {
    await database.close();
  }
}

/** Names the migrated folder for the processes started after it was made (Playwright's workers). */
const MIGRATED_VARIABLE = 'SIFT_TEST_MIGRATED_DATA_DIR';
let migrated: Promise<string> | undefined;

/** A data folder whose embedded database is migrated, only ever copied: made once per run. */
function migratedFolderToCopy(): Promise<string> {
  const made = process.env[MIGRATED_VARIABLE];
  if (made) return Promise.resolve(made);
  migrated ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sift-e2e-migrated-'));
    await (await databaseOf({ DATA_DIR: folder })).close();
    process.env[MIGRATED_VARIABLE] = folder;
    return folder;
  })();
  return migrated;
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sift-e2e-server-')),
    STATIC_DIR: process.env.STATIC_DIR ?? './dist/client',
    LOG_LEVEL: 'info',
    // Seeding 135k demo cities keeps the CPU busy for half a minute; tests that need data say so.
    SEED_DEMO_DATA: 'false',
    ...options.env,
  };
  // Plain Node either way (as `npm start` runs the source): one process, which gets the signals. A
  // run that bundled the server (server-bundle.ts) starts it from there.
  const bundle = process.env[SERVER_BUNDLE_VARIABLE];
  const run = options.release
    ? { loader: [], server: join(options.release, 'server.mjs'), cwd: options.cwd ?? options.release }
    : bundle
      ? { loader: [], server: join(bundle, 'server.mjs') }
      : { loader: ['--import', 'tsx'], server: 'server/index.ts' };
  // Accounts first: the embedded database admits one process at a time. From source, a new data
  // folder starts as a copy of one migrated once, and the accounts and documents are written from
  // here: a process of a CLI each, migrating first, cost each server several seconds.
  if (options.release) {
    const cli = join(options.release, 'users.mjs');
    for (const user of options.users ?? []) createWithCli(cli, run.cwd, env, user);
  } else {
    if (options.env?.DATA_DIR === undefined && options.env?.DATABASE_URL === undefined)
      cpSync(await migratedFolderToCopy(), env.DATA_DIR, { recursive: true });
    if (options.users?.length || options.documents) await writeStartData(env, options);
  }
  let log = '';
  const child = spawn(process.execPath, [...run.loader, run.server], {
    cwd: run.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk));
  await waitUntilReady(origin, child, () => log, options.waitForSearchData ?? env.SEED_DEMO_DATA === 'true');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: (path = '/') => new URL(path, origin).toString(),
    pid: child.pid!,
    output: () => log,
    stop: () => {
      if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
      return exited;
    },
  };
}
