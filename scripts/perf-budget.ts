// First-load JavaScript budget (spec: ≤ 150 KB brotli): the modules the built index.html loads or
// preloads (the entry and its staged start-up chunks, ADR 011) and every module they import
// statically, brotli-compressed, printed as one JSON line. Exits 1 over budget (the last step of
// npm test) unless --report-only, for looking at a build in progress.
// Usage: tsx scripts/perf-budget.ts [--report-only] [built client dir, default STATIC_DIR or dist/client]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const dir = args.find((a) => !a.startsWith('--')) ?? process.env.STATIC_DIR ?? 'dist/client';

const html = readFileSync(join(dir, 'index.html'), 'utf8');
const entries = [
  ...html.matchAll(
    /<script type="module"[^>]*src="\/([^"]+)"|<link rel="modulepreload"[^>]*href="\/([^"]+)"/g,
  ),
].map((match) => (match[1] ?? match[2])!);
if (entries.length === 0) throw new Error(`No module entry script in ${join(dir, 'index.html')}`);

/** Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import()` loads on demand. */
const staticImport = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+\.js)["']/g;

const seen = new Set<string>();
const pending = [...entries];
while (pending.length > 0) {
  const file = pending.pop()!;
  if (seen.has(file)) continue;
  seen.add(file);
  const source = readFileSync(join(dir, file), 'utf8');
  for (const [, specifier] of source.matchAll(staticImport)) {
    pending.push(join(file, '..', specifier!).replace(/^\//, ''));
  }
}

const brotli = (file: string) =>
  brotliCompressSync(readFileSync(join(dir, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    .byteLength;
const files = [...seen].map((file) => ({ file, brotliBytes: brotli(file) }));
const total = files.reduce((sum, f) => sum + f.brotliBytes, 0);
const largest = files.sort((a, b) => b.brotliBytes - a.brotliBytes).slice(0, 5);

console.info(
  JSON.stringify({
    name: 'first-load-js',
    entries,
    modules: files.length,
    brotliBytes: total,
    budgetBytes: BUDGET_BYTES,
    withinBudget: total <= BUDGET_BYTES,
    largest,
  }),
);
if (total > BUDGET_BYTES && !reportOnly) {
  console.error(`First-load JavaScript is ${total} bytes brotli, over the ${BUDGET_BYTES}-byte budget.`);
  process.exit(1);
}
