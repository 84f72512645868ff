// A source's documents held compactly while an index build reads them: each one's JSON text as
// UTF-8 bytes in large chunks, its key and its rank, so that a million documents take about the
// size of their text instead of a million parsed objects. They come back parsed, best rank first.
import type { DataSourceConfig } from '#shared/app-config';
import { rankOf, toIndexDocument } from '#shared/search/index-input';
import type { IndexDocument } from '#shared/search/search-types';
import { Growable } from '#shared/search/sift/growable';
import type { DocumentRow } from './document-store';

const CHUNK_BYTES = 8 * 2 ** 20;

export class DocumentSpool {
  private readonly chunks: Uint8Array[] = [];
  private used = CHUNK_BYTES;
  private readonly keys: string[] = [];
  private readonly ranks = new Growable(Float64Array);
  /** Per document: its chunk, and its bytes' start and end there. */
  private readonly chunkOf = new Growable(Uint32Array);
  private readonly starts = new Growable(Uint32Array);
  private readonly ends = new Growable(Uint32Array);
  private readonly encoder = new TextEncoder();

  constructor(private readonly source: Pick<DataSourceConfig, 'rank'>) {}

  get count(): number {
    return this.keys.length;
  }

  add(row: DocumentRow): void {
    this.keys.push(row.key);
    this.ranks.push(rankOf(this.source, JSON.parse(row.json) as Record<string, unknown>));
    let written = this.write(row.json);
    if (written === undefined) {
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      this.chunks.push(new Uint8Array(Math.max(CHUNK_BYTES, row.json.length * 3)));
      this.used = 0;
      written = this.write(row.json)!;
    }
    this.chunkOf.push(this.chunks.length - 1);
    this.starts.push(this.used);
    this.ends.push(this.used + written);
    this.used += written;
  }

  /** The bytes written into the current chunk, or undefined when the text does not fit there. */
  private write(text: string): number | undefined {
    const chunk = this.chunks.at(-1);
    if (!chunk) return undefined;
    const { read, written } = this.encoder.encodeInto(text, chunk.subarray(this.used));
    return read === text.length ? written : undefined;
  }

  /** The documents as indexed, with their rank recomputed from the current config: best rank first, then by key. */
  *inRankOrder(): Generator<IndexDocument> {
    const { keys } = this;
    const ranks = this.ranks.view();
    const order = new Uint32Array(keys.length).map((_, i) => i);
    // byRankDescending's order, without an object per comparison.
    order.sort((a, b) => ranks[b]! - ranks[a]! || (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
    const decoder = new TextDecoder();
    for (const i of order) {
      const bytes = this.chunks[this.chunkOf.get(i)]!.subarray(this.starts.get(i), this.ends.get(i));
      yield toIndexDocument(
        keys[i]!,
        JSON.parse(decoder.decode(bytes)) as Record<string, unknown>,
        ranks[i]!,
      );
    }
  }
}
