// The inline scripts of client/index.html, for the tests that run one of them in a test's window.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// happy-dom's URL has no file scheme: the path from this file's folder.
const indexHtml = readFileSync(join(import.meta.dirname, '../../client/index.html'), 'utf8');

/** The body of index.html's classic inline script that holds `marker`. */
export function inlineScript(marker: string): string {
  const script = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map(([, body]) => body!)
    .find((body) => body.includes(marker));
  if (script === undefined) throw new Error(`No inline script of client/index.html holds "${marker}"`);
  return script;
}
