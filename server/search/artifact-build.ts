// Builds a source's artifact from stored document rows; the worker thread (index-build-worker.ts)
// and, on the calling thread, tests and the benchmark use it.
import type { DataSourceConfig } from '#shared/app-config';
import { buildArtifact } from '#shared/search/index-artifact';
import { rankOf, toIndexDocument } from '#shared/search/index-input';
import type { IndexDocument } from '#shared/search/search-types';
import type { DocumentRow } from './document-store';

/** A stored document as indexed: its rank is recomputed from the current config. */
export function documentFromRow(source: DataSourceConfig, row: DocumentRow): IndexDocument {
  const document = JSON.parse(row.json) as Record<string, unknown>;
  return toIndexDocument(row.key, document, rankOf(source, document));
}

/** Builds on the calling thread (tests, benchmark); the server uses index-builder.ts's worker thread. */
export async function buildInProcess(source: DataSourceConfig, pages: AsyncIterable<DocumentRow[]>) {
  const documents: IndexDocument[] = [];
  for await (const rows of pages) for (const row of rows) documents.push(documentFromRow(source, row));
  return buildArtifact(source, documents);
}
