// Makes a fresh clone runnable with plain Node (it runs before dependencies exist):
// installs dependencies when missing or stale, gives the install an AUTH_SECRET in .env, then
// builds the client when its sources changed.
// Usage: node scripts/setup.mjs [--install-only]
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

function newestIn(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((entry) => newestIn(join(path, entry))));
}

const run = (command) => execSync(command, { stdio: 'inherit' });

// npm writes node_modules/.package-lock.json after an install; the build's own tools are checked
// too, so an install without them (NODE_ENV=production omits devDependencies) is never taken as done.
const installed =
  mtime('node_modules/.package-lock.json') >= mtime('package-lock.json') &&
  ['vite', 'tsx'].every((tool) => existsSync(join('node_modules', '.bin', tool)));
if (!installed) {
  // `npm install`, not `npm ci`: see docs/decisions/003-npm-install-not-ci.md. `--include=dev`: the
  // build and the server's TypeScript runner are development dependencies, needed in production too.
  console.info('Installing dependencies…');
  run('npm install --include=dev --no-audit --no-fund');
}

/** `npm start` runs in production mode, which needs AUTH_SECRET: give a fresh install its own, once. */
function ensureAuthSecret() {
  const dotenv = existsSync('.env') ? readFileSync('.env', 'utf8') : '';
  if (process.env.AUTH_SECRET || /^AUTH_SECRET=\S+/m.test(dotenv)) return;
  const separator = dotenv === '' || dotenv.endsWith('\n') ? '' : '\n';
  appendFileSync('.env', `${separator}AUTH_SECRET=${randomBytes(33).toString('base64')}\n`);
  console.info('Generated AUTH_SECRET into .env (keep it; every server of this install needs the same one).');
}

if (!process.argv.includes('--install-only')) {
  ensureAuthSecret();
  const inputs = [
    'client',
    'shared',
    'locales',
    'build',
    'vite.config.ts',
    'package-lock.json',
    'app.config.ts',
  ];
  if (Math.max(...inputs.map(newestIn)) > mtime('dist/client/builds/latest.json')) {
    console.info('Building the client…');
    run('npm run build');
  }
}
