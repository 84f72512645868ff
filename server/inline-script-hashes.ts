// The CSP sources of the inline scripts in the built index.html (the colour-scheme boot script, the
// install offer's keeper and the early input holder, which must run before the app's code arrives):
// each one's SHA-256, read from the file the server sends, so the policy allows exactly those scripts
// and stays right whenever they change.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `'sha256-…'` of each classic inline script (`<script>` with no attribute) of `staticDir`'s index.html. */
export function inlineScriptHashes(staticDir: string): string[] {
  const file = join(staticDir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) => `'sha256-${createHash('sha256').update(script!, 'utf8').digest('base64')}'`,
  );
}
