import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createLogger } from '../logger';
import { resolveAuthSecret } from './auth-secret';

const logger = createLogger('silent');

describe('AUTH_SECRET', () => {
  it('is required in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: required in production/);
    expect(() => parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'too short' })).toThrow(/AUTH_SECRET:/);
    const secret = 'p'.repeat(40);
    expect(resolveAuthSecret(parseEnv({ NODE_ENV: 'production', AUTH_SECRET: secret }), logger)).toBe(secret);
  });

  it('is generated once into DATA_DIR elsewhere, readable only by its owner, and reused', () => {
    const env = parseEnv({ DATA_DIR: join(mkdtempSync(join(tmpdir(), 'sift-secret-')), 'data') });
    const first = resolveAuthSecret(env, logger);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(env.DATA_DIR, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(resolveAuthSecret(env, logger)).toBe(first);
  });

  it('refuses a damaged secret file instead of silently replacing it', () => {
    const env = parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'sift-secret-')) });
    writeFileSync(join(env.DATA_DIR, 'auth-secret'), 'short\n');
    expect(() => resolveAuthSecret(env, logger)).toThrow(/does not hold a usable secret/);
  });
});

describe('OAuth provider variables', () => {
  it('must be set together', () => {
    expect(() => parseEnv({ AUTH_GITHUB_ID: 'id' })).toThrow(/AUTH_GITHUB_\*: set all/);
    expect(() => parseEnv({ AUTH_OIDC_ISSUER: 'https://id.example', AUTH_OIDC_ID: 'x' })).toThrow(
      /AUTH_OIDC_\*/,
    );
    expect(parseEnv({ AUTH_GOOGLE_ID: 'id', AUTH_GOOGLE_SECRET: 'secret' }).AUTH_GOOGLE_ID).toBe('id');
  });
});
