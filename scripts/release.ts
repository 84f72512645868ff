// Writes the release bundle: release/sift-<version>/, a folder that runs with `node server.mjs` on a
// machine with only Node (docs/operations.md, "Release bundle"), and with --tarball its .tar.gz.
//   npm run release [-- --reuse-client] [--tarball]
// --reuse-client takes the client already built in STATIC_DIR (default dist/client) as it is.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderBundleDir } from '#shared/render-bundle';
import { parseCommandLine } from './command-line';
import { bundleServer, filesBesideBundle, unbundledPackages } from './release/bundle-server';
import { installReleasePackage } from './release/release-package';

export interface ReleaseOptions {
  /** Where the release folder (and tarball) go. */
  outDir: string;
  /** Take the client already built instead of running `npm run build`. */
  reuseClient: boolean;
  /** Also write the folder as a .tar.gz beside it. */
  tarball: boolean;
}

const USAGE = 'Usage: npm run release [-- --reuse-client] [--tarball]';

/** An operator's mistake on the command line: said with the usage, without a stack. */
export class ReleaseUsageError extends Error {}

/** The command line's options; an unknown option or a stray word is refused with the usage. */
export function releaseArguments(argv: string[]): Pick<ReleaseOptions, 'reuseClient' | 'tarball'> {
  const { values } = parseCommandLine(
    {
      args: argv,
      options: {
        'reuse-client': { type: 'boolean', default: false },
        tarball: { type: 'boolean', default: false },
      },
    },
    USAGE,
    (message) => new ReleaseUsageError(message),
  );
  return { reuseClient: values['reuse-client'], tarball: values.tarball };
}

/** Copied as they are: the files the bundled server reads beside itself, and the operator's guide. */
const copied = [...filesBesideBundle, ['scripts/release/RUN.md', 'RUN.md']] as const;

/** Builds the release; returns its folder. */
export async function buildRelease({ outDir, reuseClient, tarball }: ReleaseOptions): Promise<string> {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const folder = join(outDir, `sift-${version}`);
  rmSync(folder, { recursive: true, force: true });
  rmSync(`${folder}.tar.gz`, { force: true });
  mkdirSync(folder, { recursive: true });

  if (!reuseClient) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const client = process.env.STATIC_DIR ?? 'dist/client';
  if (!existsSync(join(client, 'index.html'))) throw new Error(`No built client in ${client}: npm run build`);
  cpSync(client, join(folder, 'dist', 'client'), { recursive: true });
  // The render bundle beside it: the server draws first visits with it (docs/rendering.md).
  if (existsSync(renderBundleDir(client))) {
    cpSync(renderBundleDir(client), renderBundleDir(join(folder, 'dist', 'client')), { recursive: true });
  }
  for (const [from, to] of copied) cpSync(from, join(folder, to), { recursive: true });

  await bundleServer(folder);
  installReleasePackage(folder, unbundledPackages);
  if (tarball) {
    execFileSync('tar', ['-czf', `${folder}.tar.gz`, '-C', dirname(folder), basename(folder)]);
  }
  return folder;
}

async function main() {
  let options: ReturnType<typeof releaseArguments>;
  try {
    options = releaseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ReleaseUsageError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  const started = performance.now();
  const folder = await buildRelease({ outDir: 'release', ...options });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`Wrote ${folder}${options.tarball ? ` and ${folder}.tar.gz` : ''} in ${seconds} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
