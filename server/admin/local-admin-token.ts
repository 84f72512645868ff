// The local admin token: a server on the embedded database writes its address and a random token to
// DATA_DIR/admin-endpoint.json (mode 0600), so the operator CLIs on the same machine, which cannot
// open the database it holds, hand their work to it instead (ADR 018).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../env';

export interface AdminEndpoint {
  url: string;
  token: string;
  pid: number;
}

const endpointFile = (dataDir: string) => join(dataDir, 'admin-endpoint.json');

/** The address the CLIs reach this server at: a wildcard host is reached on the loopback interface. */
function localUrl(env: Pick<Env, 'HOST' | 'PORT'>): string {
  const host = env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST === '::' ? '[::1]' : env.HOST;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${env.PORT}`;
}

/** Writes a fresh token for this process; answers the check of a presented token. */
export function publishLocalAdminToken(env: Pick<Env, 'HOST' | 'PORT' | 'DATA_DIR'>) {
  const token = randomBytes(32).toString('base64url');
  const endpoint: AdminEndpoint = { url: localUrl(env), token, pid: process.pid };
  const file = endpointFile(env.DATA_DIR);
  rmSync(file, { force: true });
  // Created with 0600 (never readable by others, even for a moment), and not over an existing file.
  writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600, flag: 'wx' });
  const expected = Buffer.from(token);
  return (presented: string | undefined): boolean => {
    if (!presented) return false;
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/** The endpoint a server on `dataDir` published, when the process named `pid` wrote it. */
export function readAdminEndpoint(dataDir: string, pid: number): AdminEndpoint | null {
  const file = endpointFile(dataDir);
  if (!existsSync(file)) return null;
  const endpoint = JSON.parse(readFileSync(file, 'utf8')) as AdminEndpoint;
  return endpoint.pid === pid ? endpoint : null;
}
