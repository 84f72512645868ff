// A source's documents held aside while an index build reads them: each one's key and JSON text as
// UTF-8 in a temporary file (the operating system's page cache, not the process's memory), its
// rank in memory, so that a million documents take tens of MB of the build instead of the size of
// their text (160 MB) or of a million parsed objects. They come back parsed, best rank first. The
// keys are also kept in memory until the order is sorted, which compares them: the indexing that
// follows then has their 40 MB (a million keys as strings) to itself.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSourceConfig } from '#shared/app-config';
import { rankOf, toIndexDocument } from '#shared/search/index-input';
import type { IndexDocument } from '#shared/search/search-types';
import { Growable } from '#shared/search/sift/growable';
import type { DocumentRow } from './document-store';

/** Text gathered in memory before it is written to the file in one call. */
const BUFFER_BYTES = 4 * 2 ** 20;

/** Opens a file that no folder names: its space is freed when its descriptor is closed, or with the process. */
function anonymousFile(): number {
  const folder = mkdtempSync(join(tmpdir(), 'sift-spool-'));
  try {
    return openSync(join(folder, 'documents'), 'w+');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export class DocumentSpool {
  private readonly file = anonymousFile();
  private buffer = new Uint8Array(BUFFER_BYTES);
  private buffered = 0;
  /** Bytes in the file before the buffer's. */
  private flushed = 0;
  /** Until sorted; then read from the file. */
  private keys: string[] = [];
  private readonly ranks = new Growable(Float64Array);
  /** Per document: its key's and text's place in the file (float: past 4 GB), their lengths in bytes. */
  private readonly starts = new Growable(Float64Array);
  private readonly keyLengths = new Growable(Uint32Array);
  private readonly lengths = new Growable(Uint32Array);
  private readonly encoder = new TextEncoder();

  constructor(private readonly source: Pick<DataSourceConfig, 'rank'>) {}

  get count(): number {
    return this.ranks.length;
  }

  add(row: DocumentRow): void {
    this.keys.push(row.key);
    this.ranks.push(rankOf(this.source, JSON.parse(row.json) as Record<string, unknown>));
    this.starts.push(this.flushed + this.buffered);
    this.keyLengths.push(this.write(row.key));
    this.lengths.push(this.write(row.json));
  }

  /** Appends `text` to the buffer (flushing it first when full); returns its length in bytes. */
  private write(text: string): number {
    let written = this.encode(text);
    if (written === undefined) {
      this.flush();
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (text.length * 3 > this.buffer.length) this.buffer = new Uint8Array(text.length * 3);
      written = this.encode(text)!;
    }
    this.buffered += written;
    return written;
  }

  /** The bytes `text` took in the buffer, or undefined when it does not fit there. */
  private encode(text: string): number | undefined {
    const { read, written } = this.encoder.encodeInto(text, this.buffer.subarray(this.buffered));
    return read === text.length ? written : undefined;
  }

  private flush(): void {
    for (let at = 0; at < this.buffered; )
      at += writeSync(this.file, this.buffer, at, this.buffered - at, this.flushed + at);
    this.flushed += this.buffered;
    this.buffered = 0;
  }

  /** The documents' positions best rank first, then by key; the keys in memory are let go after. */
  private sortedOrder(): Uint32Array {
    const { keys } = this;
    const ranks = this.ranks.view();
    const order = new Uint32Array(keys.length).map((_, i) => i);
    // byRankDescending's order, without an object per comparison.
    order.sort((a, b) => ranks[b]! - ranks[a]! || (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
    this.keys = [];
    return order;
  }

  /**
   * The documents as indexed, with their rank recomputed from the current config: best rank first,
   * then by key. The file is closed once they are all read, or when the reading stops early.
   */
  *inRankOrder(): Generator<IndexDocument> {
    this.flush();
    const order = this.sortedOrder();
    const ranks = this.ranks.view();
    const decoder = new TextDecoder();
    try {
      for (const i of order) {
        const keyLength = this.keyLengths.get(i);
        const length = keyLength + this.lengths.get(i);
        const bytes = this.buffer.length >= length ? this.buffer : new Uint8Array(length);
        for (let at = 0, read = 1; at < length; at += read) {
          read = readSync(this.file, bytes, at, length - at, this.starts.get(i) + at);
          if (read === 0) throw new Error('The document spool ended early');
        }
        yield toIndexDocument(
          decoder.decode(bytes.subarray(0, keyLength)),
          JSON.parse(decoder.decode(bytes.subarray(keyLength, length))) as Record<string, unknown>,
          ranks[i]!,
        );
      }
    } finally {
      closeSync(this.file);
    }
  }
}
