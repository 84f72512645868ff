// The release's package.json (start and the operator CLIs as npm scripts; as dependencies the
// packages the bundle leaves out, at the versions package-lock.json holds), installed in place.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

export function installReleasePackage(folder: string, packages: string[]): void {
  const project = readJson('package.json');
  const lock = readJson('package-lock.json');
  const dependencies = Object.fromEntries(
    packages.map((name) => [name, lock.packages[`node_modules/${name}`].version as string]),
  );
  const manifest = {
    name: project.name,
    version: project.version,
    description: project.description,
    private: true,
    engines: project.engines,
    scripts: { start: 'node server.mjs', users: 'node users.mjs', import: 'node import.mjs' },
    dependencies,
  };
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // From npm's cache when it has them: the repository's own install put them there.
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: folder,
    stdio: 'pipe',
  });
}
