// Builds a source's artifact from stored document rows, page by page: the worker thread
// (index-build-worker.ts) and, on the calling thread, tests and the benchmark use it. Rows are
// spooled as they arrive (document-spool.ts: their text in a temporary file), then indexed best
// rank first one at a time, so that neither the documents nor their text are all in memory at once.
import type { DataSourceConfig } from '#shared/app-config';
import { type BuiltArtifact, packArtifact } from '#shared/search/index-artifact';
import { indexSpec } from '#shared/search/index-input';
import { SiftIndexWriter } from '#shared/search/sift/encode';
import { tokenizeForIndex } from '#shared/search/tokenizer';
import { DocumentSpool } from './document-spool';
import type { DocumentRow } from './document-store';

/** One build: `add` each page of rows, then `finish`; a delta segment's names the base documents it `hides`. */
export class ArtifactBuild {
  private spool: DocumentSpool | undefined;

  constructor(
    private readonly source: DataSourceConfig,
    private readonly hides?: string[],
  ) {
    this.spool = new DocumentSpool(source);
  }

  add(rows: DocumentRow[]): void {
    for (const row of rows) this.spool!.add(row);
  }

  /** Sift's index (the only engine sources name) of the rows added, packed as an artifact; once. */
  async finish(): Promise<BuiltArtifact> {
    const writer = new SiftIndexWriter(indexSpec(this.source), { index: tokenizeForIndex });
    const count = this.indexSpooled(writer);
    // A turn of the event loop lets the spool's keys and ranks be freed before the index is laid out.
    await new Promise((resolve) => setImmediate(resolve));
    return packArtifact(this.source, this.source.algorithm, count, writer.finishLayout(), this.hides);
  }

  /** Hands the spooled documents to `writer`, best rank first, and lets the spool go. */
  private indexSpooled(writer: SiftIndexWriter): number {
    const spool = this.spool!;
    this.spool = undefined;
    for (const document of spool.inRankOrder()) writer.add(document);
    return spool.count;
  }
}

/** Builds on the calling thread (tests, benchmark); the server uses index-builder.ts's worker thread. */
export async function buildInProcess(
  source: DataSourceConfig,
  pages: AsyncIterable<DocumentRow[]>,
  _signal?: AbortSignal,
  hides?: string[],
): Promise<BuiltArtifact> {
  const build = new ArtifactBuild(source, hides);
  for await (const rows of pages) build.add(rows);
  return build.finish();
}
