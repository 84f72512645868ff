// For admin API tests: the real app with an admin and a plain user signed in through /api/auth, and
// requests as either, as nobody, or as the local operator (the token file the server writes).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '#server/db/client';
import { LOCAL_ADMIN_TOKEN_HEADER } from '#shared/admin/admin-api';
import { createAuthTestApp, createTestUser, type SignedIn, signInTestUser } from './auth';

export const ADMIN_ORIGIN = 'https://sift.example';

export type Caller = 'admin' | 'user' | 'anonymous' | 'local';

export async function createAdminTestApp(database: Database, envOverrides: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sift-admin-test-'));
  const app = createAuthTestApp(database, { PUBLIC_URL: ADMIN_ORIGIN, DATA_DIR: dataDir, ...envOverrides });
  const admin = await createTestUser(database, { role: 'admin' });
  const user = await createTestUser(database);
  const sessions: Record<'admin' | 'user', SignedIn> = {
    admin: await signInTestUser(app, admin.email, admin.password),
    user: await signInTestUser(app, user.email, user.password),
  };
  // Written only beside an embedded database (PostgreSQL needs no hand-over).
  const endpointFile = join(dataDir, 'admin-endpoint.json');
  const token = existsSync(endpointFile)
    ? (JSON.parse(readFileSync(endpointFile, 'utf8')) as { token: string }).token
    : null;

  function headersOf(caller: Caller): Record<string, string> {
    if (caller === 'local') return token ? { [LOCAL_ADMIN_TOKEN_HEADER]: token } : {};
    if (caller === 'anonymous') return { Origin: ADMIN_ORIGIN };
    return { ...sessions[caller].headers, Origin: ADMIN_ORIGIN };
  }

  /** A request as `caller`, from the app's origin; a body that is not a string is sent as JSON. */
  async function call(caller: Caller, method: string, path: string, body?: unknown, headers = {}) {
    const json = body !== undefined && typeof body !== 'string';
    return app.request(path, {
      method,
      headers: { ...headersOf(caller), ...(json && { 'Content-Type': 'application/json' }), ...headers },
      body: json ? JSON.stringify(body) : (body as string | undefined),
    });
  }

  return {
    app,
    dataDir,
    admin: admin.user,
    user: user.user,
    userPassword: user.password,
    sessions,
    token,
    call,
  };
}
