// Password hashing with scrypt (node:crypto, no native add-on). Stored as
// `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod/mini';

// Tests (Vitest and the e2e server run with NODE_ENV=test) hash at a 32× cheaper cost; every hash
// carries its own cost, so it verifies the same way whichever cost made it.
const COST = { N: process.env.NODE_ENV === 'test' ? 2 ** 10 : 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** What an operator may set as a password. */
export const PasswordSchema = z
  .string()
  .check(
    z.minLength(8, 'must be at least 8 characters'),
    z.maxLength(1024, 'must be at most 1024 characters'),
  );

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  // 128·N·r bytes of memory; Node refuses above maxmem, so allow twice that.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every(Number.isSafeInteger)) return null;
  return { cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

let decoy: Promise<string> | undefined;

/**
 * True when `password` matches `stored`. Without a usable hash (unknown account, email-only
 * account) it still derives a key against a decoy hash, so the answer takes the same time and
 * does not reveal whether the account exists.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    const fake = parse(await decoy)!;
    await derive(password, fake.salt, fake.cost);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}
