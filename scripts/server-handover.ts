// The operator CLIs open the configured database themselves, or, when a server holds the embedded
// database, hand their work to that server through the admin API with the local admin token it
// wrote in DATA_DIR (server/admin/local-admin-token.ts, ADR 018).
import { type AdminEndpoint, readAdminEndpoint } from '#server/admin/local-admin-token';
import { type Database, openDatabase } from '#server/db/client';
import { DataDirInUseError } from '#server/db/data-dir-lock';
import { configuredDatabaseOptions } from '#server/db/open-configured-database';
import type { Env } from '#server/env';
import { LOCAL_ADMIN_TOKEN_HEADER } from '#shared/admin/admin-api';
import type { ApiErrorBody } from '#shared/api-error';

export interface RunningServer {
  url: string;
  /** An admin API request carrying the local admin token. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

export type Target = { database: Database } | { server: RunningServer };

export class ServerRefusedError extends Error {}

export function runningServer(endpoint: AdminEndpoint): RunningServer {
  return {
    url: endpoint.url,
    request: (path, init = {}) =>
      fetch(new URL(path, endpoint.url), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), [LOCAL_ADMIN_TOKEN_HEADER]: endpoint.token },
      }),
  };
}

/** The answer's JSON, or ServerRefusedError with the server's message. */
export async function answer<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  const issues = body?.error.issues?.map((i) => `${i.path ? `${i.path}: ` : ''}${i.message}`).join('; ');
  throw new ServerRefusedError(
    `${body?.error.message ?? `The server answered ${response.status}.`}${issues ? ` ${issues}` : ''}`,
  );
}

/**
 * The database, or the running server holding it. Throws DataDirInUseError when the holder published
 * no endpoint (another CLI, or a server from before this hand-over existed).
 */
export async function openOrHandOver(env: Env): Promise<Target> {
  try {
    return { database: await openDatabase(configuredDatabaseOptions(env)) };
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const endpoint = readAdminEndpoint(env.DATA_DIR, error.pid);
    if (!endpoint) throw error;
    return { server: runningServer(endpoint) };
  }
}
