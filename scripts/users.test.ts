import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditPage } from '#server/admin/audit-log';
import { startEmbeddedServer } from '#tests/support/embedded-server';
import { verifyPassword } from '../server/auth/password';
import { findUserByEmail } from '../server/auth/user-store';
import type { Database } from '../server/db/client';
import { databaseTargets } from '../tests/support/databases';
import { openOrHandOver } from './server-handover';
import { type Accounts, CliError, databaseAccounts, runUsersCli, serverAccounts } from './users';

async function runWith(accounts: Accounts, argv: string[], password = 'a long enough password') {
  const printed: string[] = [];
  await runUsersCli(accounts, argv, {
    readPassword: async () => password,
    print: (l) => printed.push(l),
  });
  return printed;
}

describe.each(databaseTargets())('users CLI on $name', (target) => {
  let database: Database;
  beforeEach(async () => {
    database = await target.open();
  });
  afterEach(async () => database.close());

  async function run(argv: string[], password = 'a long enough password') {
    return runWith(databaseAccounts(database.db), argv, password);
  }

  it('creates accounts with a hashed password, lists them and resets passwords', async () => {
    await run(['create', ' Ann@Example.test ', '--name', 'Ann Lee', '--role', 'admin']);
    const ann = await findUserByEmail(database.db, 'ann@example.test');
    expect(ann).toMatchObject({ email: 'ann@example.test', name: 'Ann Lee', role: 'admin' });
    expect(ann!.passwordHash).not.toContain('a long enough password');
    expect(await verifyPassword('a long enough password', ann!.passwordHash)).toBe(true);

    await run(['create', 'bob@example.test', '--no-password']);
    const listed = await run(['list']);
    expect(listed[0]).toBe('email\tname\trole\tpassword\tcreated');
    expect(listed[1]).toMatch(/^ann@example\.test\tAnn Lee\tadmin\tyes\t/);
    expect(listed[2]).toMatch(/^bob@example\.test\t\tuser\tno\t/);
    expect(listed.at(-1)).toBe('2 account(s)');

    await run(['reset-password', 'ANN@example.test'], 'another good password');
    const reset = await findUserByEmail(database.db, 'ann@example.test');
    expect(await verifyPassword('another good password', reset!.passwordHash)).toBe(true);
    expect(await verifyPassword('a long enough password', reset!.passwordHash)).toBe(false);
  });

  it('refuses mistakes with a message and changes nothing', async () => {
    await expect(run(['create', 'not-an-email'])).rejects.toThrow(CliError);
    await expect(run(['create', 'carol@example.test'], 'short')).rejects.toThrow(/at least 8/);
    expect(await findUserByEmail(database.db, 'carol@example.test')).toBeNull();
    await expect(run(['create', 'dan@example.test', '--role', 'Root!'])).rejects.toThrow(/role/);
    await run(['create', 'erin@example.test']);
    await expect(run(['create', 'erin@example.test'])).rejects.toThrow(/already has an account/);
    await expect(run(['reset-password', 'nobody@example.test'])).rejects.toThrow(/no account/);
    await expect(run(['frobnicate'])).rejects.toThrow(/Usage/);
    // An option it does not know, or one without its value: the reason and how to call it.
    for (const [argv, reason] of [
      [['--help'], "Unknown option '--help'"],
      [['create', 'fay@example.test', '--name'], "Option '--name <value>' argument missing"],
    ]) {
      const refused: unknown = await run(argv as string[]).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CliError);
      expect((refused as CliError).message).toContain(reason);
      expect((refused as CliError).message).toContain('Usage:');
    }
  });
});

describe('users CLI beside a server on the embedded database', () => {
  it('hands each command to the server, which audits it', async () => {
    const server = await startEmbeddedServer();
    try {
      const target = await openOrHandOver(server.env);
      if (!('server' in target)) throw new Error('expected the running server');
      const accounts = serverAccounts(target.server);
      expect(await runWith(accounts, ['create', 'Fay@Example.test', '--role', 'admin'])).toEqual([
        'Created fay@example.test (admin)',
      ]);
      const fay = await findUserByEmail(server.database.db, 'fay@example.test');
      expect(await verifyPassword('a long enough password', fay!.passwordHash)).toBe(true);
      await expect(runWith(accounts, ['create', 'fay@example.test'])).rejects.toThrow(
        /already has an account/,
      );
      const listed = await runWith(accounts, ['list']);
      expect(listed[1]).toMatch(/^fay@example\.test\t\tadmin\tyes\t/);
      await runWith(accounts, ['reset-password', 'fay@example.test'], 'another good password');
      const reset = await findUserByEmail(server.database.db, 'fay@example.test');
      expect(await verifyPassword('another good password', reset!.passwordHash)).toBe(true);
      await expect(runWith(accounts, ['reset-password', 'nobody@example.test'])).rejects.toThrow(
        /no account/,
      );
      const { entries } = await auditPage(server.database.db, 5);
      expect(entries.map((e) => [e.action, e.actor])).toEqual([
        ['user.password', 'local operator (CLI)'],
        ['user.create', 'local operator (CLI)'],
      ]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
