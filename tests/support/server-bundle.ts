// The server bundled as the release bundles it, for a test run that starts many servers: from a
// migrated data folder, `node server.mjs` is ready on about 1.5 s of CPU where
// `node --import tsx server/index.ts` takes about 3.6 (tsx compiles and resolves every module on
// each start). The e2e run writes it once before its main server starts and names it in
// SERVER_BUNDLE_VARIABLE, so `startServer` (server-process.ts) starts the others from it too.
//   node --import tsx tests/support/server-bundle.ts <folder>
// The folder must be inside the repository: the packages left out of the bundle are found in its
// node_modules.
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleServer, filesBesideBundle } from '#scripts/release/bundle-server';

export const SERVER_BUNDLE_VARIABLE = 'SIFT_TEST_SERVER_BUNDLE';

/** Bundles the server into `folder`, with links to the app's files it reads beside itself. */
export async function writeServerBundle(folder: string): Promise<void> {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  await bundleServer(folder);
  for (const [from, to] of filesBesideBundle) symlinkSync(resolve(from), join(folder, to));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = process.argv[2];
  if (!folder) throw new Error('Usage: server-bundle.ts <folder>');
  await writeServerBundle(folder);
}
