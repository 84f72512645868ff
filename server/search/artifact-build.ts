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

/**
 * A large source's head: its best-ranked documents as an artifact of their own, which a client
 * without the artifact downloads first and searches while the artifact downloads. This many make
 * 2.1 MB of a million synthetic cities (the best-ranked carry the most other names) against the
 * artifact's 27 MB, and hold the documents most searches want first.
 */
export const HEAD_DOCUMENTS = 25_000;
/** Sources smaller than this get no head: their whole artifact is a few MB, not worth a second download. */
export const HEAD_FROM = 250_000;

/** A head of the best `documents` for sources of at least `from` documents. */
export interface HeadThresholds {
  documents: number;
  from: number;
}

export interface BuildOptions {
  /** A delta segment's: the base documents it hides (ADR 020). A delta never has a head. */
  hides?: string[];
  /** HEAD_DOCUMENTS and HEAD_FROM unless given (tests lower them). */
  head?: HeadThresholds;
}

/** A build's artifact and, for a large source, its head. */
export type BuiltSource = BuiltArtifact & { head?: BuiltArtifact };

/** One build: `add` each page of rows, then `finish`. */
export class ArtifactBuild {
  private spool: DocumentSpool | undefined;

  constructor(
    private readonly source: DataSourceConfig,
    private readonly options: BuildOptions = {},
  ) {
    this.spool = new DocumentSpool(source);
  }

  add(rows: DocumentRow[]): void {
    for (const row of rows) this.spool!.add(row);
  }

  /** Packs Sift's index (the only engine sources name) of the rows added, and the head's; once. */
  async finish(): Promise<BuiltSource> {
    const { hides, head: thresholds = { documents: HEAD_DOCUMENTS, from: HEAD_FROM } } = this.options;
    const writer = this.writer();
    let head = !hides && this.spool!.count >= thresholds.from ? this.writer() : undefined;
    const { count, inHead } = this.indexSpooled(writer, head, thresholds.documents);
    // A turn of the event loop lets the spool's keys and ranks be freed before the index is laid out.
    await new Promise((resolve) => setImmediate(resolve));
    const packedHead = head && (await this.pack(head, inHead));
    // The head's writer goes before the artifact's layout takes its room.
    head = undefined;
    const artifact = await this.pack(writer, count, hides);
    return packedHead ? { ...artifact, head: packedHead } : artifact;
  }

  /**
   * Hands the spooled documents to `writer`, best rank first, and the first `headDocuments` of them
   * to `head` too; lets the spool go.
   */
  private indexSpooled(writer: SiftIndexWriter, head: SiftIndexWriter | undefined, headDocuments: number) {
    const spool = this.spool!;
    this.spool = undefined;
    let inHead = 0;
    for (const document of spool.inRankOrder()) {
      writer.add(document);
      if (head && inHead < headDocuments) {
        head.add(document);
        inHead += 1;
      }
    }
    return { count: spool.count, inHead };
  }

  private writer(): SiftIndexWriter {
    return new SiftIndexWriter(indexSpec(this.source), { index: tokenizeForIndex });
  }

  private pack(writer: SiftIndexWriter, count: number, hides?: string[]): Promise<BuiltArtifact> {
    return packArtifact(this.source, this.source.algorithm, count, writer.finishLayout(), hides);
  }
}

/** Builds on the calling thread (tests, benchmark); the server uses index-builder.ts's worker thread. */
export async function buildInProcess(
  source: DataSourceConfig,
  pages: AsyncIterable<DocumentRow[]>,
  _signal?: AbortSignal,
  options?: BuildOptions,
): Promise<BuiltSource> {
  const build = new ArtifactBuild(source, options);
  for await (const rows of pages) build.add(rows);
  return build.finish();
}
