// The server's own files (migrations, messages, the built client) and whether it runs bundled. From
// source this module is server/app-files.ts and they sit in the repository above it; in the release
// bundle (scripts/release.ts) it is part of server.mjs and they sit beside it under the same names.
import { fileURLToPath } from 'node:url';

/** True in the release bundle, where every module has the bundle's URL. */
export const bundled = !import.meta.url.endsWith('.ts');

const root = new URL(bundled ? './' : '../', import.meta.url);

/** The absolute path of one of the app's files or folders, e.g. appFile('drizzle'). */
export function appFile(relative: string): string {
  return fileURLToPath(new URL(relative, root));
}
