// AUTH_SECRET: from the environment, or (outside production, where env.ts requires it) generated
// once and kept in DATA_DIR so restarts keep everyone signed in.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../env';
import type { Logger } from '../logger';

const MIN_LENGTH = 32;

function readSecretFile(file: string): string | null {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    return secret.length >= MIN_LENGTH ? secret : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function resolveAuthSecret(env: Env, logger: Logger): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('AUTH_SECRET is required in production');
  const file = join(env.DATA_DIR, 'auth-secret');
  const existing = readSecretFile(file);
  if (existing) return existing;
  mkdirSync(env.DATA_DIR, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(33).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    logger.warn(
      { file },
      'AUTH_SECRET is not set: generated one for development. Set AUTH_SECRET (the same on every server) in production.',
    );
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readSecretFile(file);
  if (!secret) throw new Error(`${file} does not hold a usable secret; delete it or set AUTH_SECRET`);
  return secret;
}
