import { describe, expect, it } from 'vitest';
import { hashPassword, PasswordSchema, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery');
    // Tests hash at N = 2^10; a server outside tests at 2^15.
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('verifies a hash made at the production cost', async () => {
    const production =
      'scrypt$32768$8$1$c2lmdC1maXh0dXJlLXNhbHQ=$9Ik437PWLp+pli5J2nx60kxCTEbC2+c1tSedj888C8Q=';
    expect(await verifyPassword('correct horse battery', production)).toBe(true);
    expect(await verifyPassword('correct horse batterY', production)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same words')).not.toBe(await hashPassword('same words'));
  });

  it('treats canonically equal spellings as the same password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait');
    expect(await verifyPassword('cafe\u0301 au lait', stored)).toBe(true);
  });

  it('answers false without a usable hash', async () => {
    for (const stored of [null, undefined, '', 'plain-text', 'scrypt$x$8$1$a$b']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('asks operators for 8 to 1024 characters', () => {
    expect(PasswordSchema.safeParse('short').success).toBe(false);
    expect(PasswordSchema.safeParse('long enough').success).toBe(true);
    expect(PasswordSchema.safeParse('x'.repeat(1025)).success).toBe(false);
  });
});
