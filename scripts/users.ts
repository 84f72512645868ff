// Operator CLI for sign-in accounts. Passwords are read from the terminal (hidden, asked twice)
// or from the first line of stdin, never from arguments, which other users can see in `ps`.
//   npm run users -- list
//   npm run users -- create ann@example.com [--name "Ann Lee"] [--role admin] [--no-password]
//   npm run users -- reset-password ann@example.com
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PasswordSchema } from '../server/auth/password';
import { createUser, EmailSchema, findUserByEmail, listUsers, setPassword } from '../server/auth/user-store';
import type { Db } from '../server/db/client';
import { openConfiguredDatabase } from '../server/db/open-configured-database';
import { parseEnv } from '../server/env';

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

const RoleSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be lower-case letters, digits and dashes');

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CliError(`${what} ${result.error.issues.map((i) => i.message).join(', ')}`);
  return result.data;
}

async function newPassword(io: CliIo): Promise<string> {
  return parsed(PasswordSchema, await io.readPassword(), 'The password');
}

/** Runs one command against `db`; throws CliError for operator mistakes. */
export async function runUsersCli(db: Db, argv: string[], io: CliIo): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      role: { type: 'string', default: 'user' },
      'no-password': { type: 'boolean', default: false },
    },
  });
  const [command, email] = positionals;
  switch (command) {
    case 'list': {
      const rows = await listUsers(db);
      io.print(['email', 'name', 'role', 'password', 'created'].join('\t'));
      for (const row of rows) {
        io.print(
          [
            row.email,
            row.name ?? '',
            row.role,
            row.passwordHash ? 'yes' : 'no',
            row.createdAt.toISOString(),
          ].join('\t'),
        );
      }
      io.print(`${rows.length} account(s)`);
      return;
    }
    case 'create': {
      const address = parsed(EmailSchema, email, 'The email address');
      if (await findUserByEmail(db, address)) throw new CliError(`${address} already has an account`);
      const role = parsed(RoleSchema, values.role, 'The role');
      const password = values['no-password'] ? undefined : await newPassword(io);
      const user = await createUser(db, { email: address, name: values.name ?? null, role, password });
      io.print(
        `Created ${user.email} (${user.role})${password ? '' : ' without a password: email link or OAuth only'}`,
      );
      return;
    }
    case 'reset-password': {
      const address = parsed(EmailSchema, email, 'The email address');
      if (!(await findUserByEmail(db, address))) throw new CliError(`${address} has no account`);
      await setPassword(db, address, await newPassword(io));
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
  const database = await openConfiguredDatabase(env);
  try {
    await runUsersCli(database.db, process.argv.slice(2), {
      readPassword: readPasswordFromStdin,
      print: (line) => console.info(line),
    });
  } catch (error) {
    console.error(error instanceof CliError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
