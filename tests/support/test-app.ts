// Builds the real app against a test database, for API tests through app.request().
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '#server/app';
import { loadAppConfig } from '#server/app-config';
import { bearerTokenOf } from '#server/auth/bearer-token';
import { createSessionStore, type SessionStore } from '#server/auth/session-store';
import type { SessionReader, SessionUser } from '#server/auth/session-user';
import type { Database } from '#server/db/client';
import { type Env, parseEnv } from '#server/env';
import { createLogger } from '#server/logger';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sift-test-')),
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    ...overrides,
  });
}

/**
 * A SessionReader that treats every request as coming from `user` (null: anonymous); as the real one,
 * it answers `bearerUser` only for a request that presents a bearer token.
 */
export function fixedSession(user: SessionUser | null): SessionReader {
  return {
    getUser: async () => user,
    bearerUser: async (request) => (bearerTokenOf(request.headers.get('Authorization') ?? '') ? user : null),
    cookieSession: async () => user && { user, issuedAt: Date.now(), expiresAt: Date.now() + 86_400_000 },
  };
}

export function createTestApp(
  database: Database,
  envOverrides: Record<string, string> = {},
  sessions: SessionReader = fixedSession(null),
  sessionStore?: SessionStore,
) {
  const env = testEnv(envOverrides);
  return createApp({
    env,
    config: loadAppConfig(),
    database,
    logger: createLogger(env.LOG_LEVEL),
    sessions,
    sessionStore: sessionStore ?? createSessionStore(database, env.AUTH_SESSION_MAX_AGE),
  });
}
