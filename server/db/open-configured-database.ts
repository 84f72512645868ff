// For entry points (the server, the operator CLIs): the database the environment names, PostgreSQL
// with DATABASE_URL, else PGlite in DATA_DIR/pglite. A folder another process holds ends this
// process with the reason instead of a stack trace.
import { join } from 'node:path';
import type { Env } from '../env';
import { type Database, type DatabaseOptions, openDatabase } from './client';
import { DataDirInUseError } from './data-dir-lock';

type DatabaseEnv = Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>;

export function configuredDatabaseOptions(
  env: DatabaseEnv,
  onConnectionError?: (error: Error) => void,
): DatabaseOptions {
  return env.DATABASE_URL
    ? { url: env.DATABASE_URL, ...(onConnectionError && { onConnectionError }) }
    : { dataDir: join(env.DATA_DIR, 'pglite') };
}

export async function openConfiguredDatabase(
  env: DatabaseEnv,
  onConnectionError?: (error: Error) => void,
): Promise<Database> {
  try {
    return await openDatabase(configuredDatabaseOptions(env, onConnectionError));
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
