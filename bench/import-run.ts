// One case of the import bench in a fresh process, so that its peak RSS is its own.
// Usage: tsx bench/import-run.ts <check|import> <file> <ndjson|json|csv> [database folder or URL] [source];
// prints one JSON line. `check` reads and validates the file (no database); `import` runs the whole
// import into the embedded database in that folder, or into the PostgreSQL database at that URL
// (into `countries` unless a source is named).
import { loadAppConfig } from '../server/app-config';
import { openDatabase } from '../server/db/client';
import { checkImportFile, importDocuments } from '../server/search/import-documents';
import type { ImportFormat } from '../server/search/import-file';

const [mode, path, format, database, sourceName = 'countries'] = process.argv.slice(2) as [
  'check' | 'import',
  string,
  ImportFormat,
  string | undefined,
  string | undefined,
];
const source = loadAppConfig().gapSearch.dataSources[sourceName]!;
const rssMb = () => Math.round(process.memoryUsage.rss() / 2 ** 20);
const opened =
  mode === 'import'
    ? await openDatabase(database!.includes('://') ? { url: database! } : { dataDir: database! })
    : undefined;
const startRssMb = rssMb();
const start = performance.now();
const result = opened
  ? await importDocuments(opened.db, sourceName, source, { path, format })
  : await checkImportFile(source, { path, format });
const ms = Math.round(performance.now() - start);
await opened?.close();
console.info(
  JSON.stringify({
    ms,
    startRssMb,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    records: result.records,
    ...('summary' in result
      ? { inserted: result.summary.inserted }
      : { rejected: result.rejectedCount, first: result.rejected[0] }),
  }),
);
