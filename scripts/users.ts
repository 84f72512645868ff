// Operator CLI for sign-in accounts. Passwords are read from the terminal (hidden, asked twice)
// or from the first line of stdin, never from arguments, which other users can see in `ps`.
//   npm run users -- list
//   npm run users -- create ann@example.com [--name "Ann Lee"] [--role admin] [--no-password]
//   npm run users -- reset-password ann@example.com
// With the embedded database held by a running server, the work goes to that server (server-handover.ts).
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod/mini';
import { type AdminUser, RoleSchema } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import '#shared/zod-locale';
import { PasswordSchema } from '../server/auth/password';
import { createUser, EmailSchema, findUserByEmail, listUsers, setPassword } from '../server/auth/user-store';
import type { Db } from '../server/db/client';
import { DataDirInUseError } from '../server/db/data-dir-lock';
import { parseEnv } from '../server/env';
import { parseCommandLine } from './command-line';
import { answer, openOrHandOver, type RunningServer, ServerRefusedError } from './server-handover';

const USAGE = `Usage:
  npm run users -- list
  npm run users -- create <email> [--name "Full Name"] [--role user|admin|…] [--no-password]
  npm run users -- reset-password <email>
The password is asked for on the terminal, or read from the first line of stdin.`;

export interface CliIo {
  readPassword(): Promise<string>;
  print(line: string): void;
}

export class CliError extends Error {}

/** What the CLI does to accounts: in the database itself, or through a running server. */
export interface Accounts {
  list(): Promise<Pick<AdminUser, 'email' | 'name' | 'role' | 'hasPassword' | 'createdAt'>[]>;
  /** Throws CliError when the address has an account already. */
  create(input: { email: string; name: string | null; role: string; password?: string }): Promise<void>;
  /** Throws CliError when the address has no account. */
  resetPassword(email: string, password: string): Promise<void>;
}

export function databaseAccounts(db: Db): Accounts {
  return {
    list: async () =>
      (await listUsers(db)).map((row) => ({
        ...row,
        hasPassword: row.passwordHash !== null,
        createdAt: row.createdAt.toISOString(),
      })),
    async create(input) {
      if (await findUserByEmail(db, input.email)) throw new CliError(`${input.email} already has an account`);
      await createUser(db, input);
    },
    async resetPassword(email, password) {
      if (!(await findUserByEmail(db, email))) throw new CliError(`${email} has no account`);
      await setPassword(db, email, password);
    },
  };
}

export function serverAccounts(server: RunningServer): Accounts {
  const list = async () => answer<AdminUser[]>(await server.request(apiPaths.admin.users));
  const post = (path: string, body: unknown) =>
    server.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    list,
    async create(input) {
      const response = await post(apiPaths.admin.users, input);
      if (response.status === 409) throw new CliError(`${input.email} already has an account`);
      await answer(response);
    },
    async resetPassword(email, password) {
      const user = (await list()).find((u) => u.email === email);
      if (!user) throw new CliError(`${email} has no account`);
      const response = await post(apiPaths.admin.userPassword(user.id), { password });
      if (!response.ok) await answer(response);
    },
  };
}

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CliError(`${what} ${result.error.issues.map((i) => i.message).join(', ')}`);
  return result.data;
}

async function newPassword(io: CliIo): Promise<string> {
  return parsed(PasswordSchema, await io.readPassword(), 'The password');
}

/** Runs one command on `accounts`; throws CliError for operator mistakes. */
export async function runUsersCli(accounts: Accounts, argv: string[], io: CliIo): Promise<void> {
  const { positionals, values } = parseCommandLine(
    {
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        role: { type: 'string', default: 'user' },
        'no-password': { type: 'boolean', default: false },
      },
    },
    USAGE,
    (message) => new CliError(message),
  );
  const [command, email] = positionals;
  switch (command) {
    case 'list': {
      const rows = await accounts.list();
      io.print(['email', 'name', 'role', 'password', 'created'].join('\t'));
      for (const row of rows) {
        io.print(
          [row.email, row.name ?? '', row.role, row.hasPassword ? 'yes' : 'no', row.createdAt].join('\t'),
        );
      }
      io.print(`${rows.length} account(s)`);
      return;
    }
    case 'create': {
      const address = parsed(EmailSchema, email, 'The email address');
      const role = parsed(RoleSchema, values.role, 'The role');
      const password = values['no-password'] ? undefined : await newPassword(io);
      await accounts.create({ email: address, name: values.name ?? null, role, password });
      io.print(
        `Created ${address} (${role})${password ? '' : ' without a password: email link or OAuth only'}`,
      );
      return;
    }
    case 'reset-password': {
      const address = parsed(EmailSchema, email, 'The email address');
      await accounts.resetPassword(address, await newPassword(io));
      io.print(`New password set for ${address}`);
      return;
    }
    default:
      throw new CliError(USAGE);
  }
}

/** A hidden terminal prompt asked twice, or the first line of piped stdin. */
async function readPasswordFromStdin(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    throw new CliError('Expected the password on stdin');
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const terminal = createInterface({ input: process.stdin, output, terminal: true });
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    muted = true;
    const answer = await terminal.question('');
    muted = false;
    process.stdout.write('\n');
    return answer;
  };
  try {
    const first = await ask('Password: ');
    if ((await ask('Again: ')) !== first) throw new CliError('The passwords differ');
    return first;
  } finally {
    terminal.close();
  }
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = parseEnv(process.env);
  try {
    const target = await openOrHandOver(env);
    const accounts =
      'server' in target ? serverAccounts(target.server) : databaseAccounts(target.database.db);
    try {
      await runUsersCli(accounts, process.argv.slice(2), {
        readPassword: readPasswordFromStdin,
        print: (line) => console.info(line),
      });
    } finally {
      if ('database' in target) await target.database.close();
    }
  } catch (error) {
    const operatorError =
      error instanceof CliError || error instanceof ServerRefusedError || error instanceof DataDirInUseError;
    console.error(operatorError ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
