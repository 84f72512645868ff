// Turns documents into the bytes of a Sift index: the sorted dictionary, postings per term (the
// documents holding it, ascending and delta-coded so gzip shrinks them, with a bit mask of the
// searched properties holding it), the filter columns and the stored fields.
import { FilterColumnWriter, type FilterHeader, stringValues } from './filter-columns';
import { Growable } from './growable';
import { layOutSections, layoutBytes, type SectionsLayout } from './sections';
import type { ColumnHeader } from './stored-fields';
import { Lines, StoredFieldsWriter } from './stored-fields-writer';
import { TermTable } from './term-table';
import type { SiftDocument, SiftSpec, SiftTokenizer } from './types';

export const SIFT_PAYLOAD_VERSION = 2;
/** Postings keep one bit per searched property, in a byte. */
export const MAX_SEARCH_PROPERTIES = 8;

export interface SiftHeader {
  version: typeof SIFT_PAYLOAD_VERSION;
  documentCount: number;
  termCount: number;
  searchProperties: string[];
  filters: FilterHeader[];
  columns: ColumnHeader[];
}

/** Postings gathered one document at a time, as (term, document, mask) entries in typed arrays. */
class PostingsWriter {
  private readonly terms = new TermTable();
  /** Per term id: the last document holding it and that posting's entry. */
  private readonly lastDoc = new Growable(Uint32Array);
  private readonly lastEntry = new Growable(Uint32Array);
  private readonly entryTerms = new Growable(Uint32Array);
  private readonly entryDocs = new Growable(Uint32Array);
  private readonly entryMasks = new Growable(Uint8Array);

  add(word: string, d: number, p: number): void {
    const t = this.terms.idOf(word);
    if (t === this.lastDoc.length) {
      if (word.includes('\n')) throw new Error(`The tokenizer returned a word with a line break: ${word}`);
      this.lastDoc.push(d);
      this.lastEntry.push(this.entryTerms.length);
    } else if (this.lastDoc.get(t) === d) {
      const entry = this.lastEntry.get(t);
      this.entryMasks.set(entry, this.entryMasks.get(entry) | (1 << p));
      return;
    } else {
      this.lastDoc.set(t, d);
      this.lastEntry.set(t, this.entryTerms.length);
    }
    this.entryTerms.push(t);
    this.entryDocs.push(d);
    this.entryMasks.push(1 << p);
  }

  /** The sorted dictionary's lines and each term's postings, in its order; the writer is spent after. */
  finish() {
    const sorted = this.terms.sortedIds();
    const termCount = sorted.length;
    /** Term id → its position in the sorted dictionary. */
    const position = new Uint32Array(termCount);
    const lines = new Lines();
    sorted.forEach((t, i) => {
      position[t] = i;
      lines.push(this.terms.word(t));
    });
    const entryTerms = this.entryTerms.view();
    const termCounts = new Uint32Array(termCount);
    for (const t of entryTerms) termCounts[position[t]!]! += 1;
    const next = new Uint32Array(termCount);
    for (let i = 1; i < termCount; i += 1) next[i] = next[i - 1]! + termCounts[i - 1]!;
    // Entries come in document order, so each term's postings land ascending.
    const docDeltas = new Uint32Array(entryTerms.length);
    const masks = new Uint8Array(entryTerms.length);
    const previous = new Uint32Array(termCount);
    entryTerms.forEach((t, e) => {
      const i = position[t]!;
      const at = next[i]!;
      const d = this.entryDocs.get(e);
      docDeltas[at] = d - previous[i]!;
      previous[i] = d;
      masks[at] = this.entryMasks.get(e);
      next[i] = at + 1;
    });
    return { terms: lines.encode(), termCount, termCounts, docDeltas, masks };
  }
}

/**
 * Builds the index one document at a time, in the order hits should take when scores tie (best
 * rank first), holding only compact forms: postings, filter columns and stored-field columns.
 * `finish` or `finishLayout` (once) sorts the dictionary and lays the sections out.
 */
export class SiftIndexWriter {
  private readonly searchProperties: string[];
  private postings = new PostingsWriter();
  private readonly filters: FilterColumnWriter[];
  private readonly stored: StoredFieldsWriter;
  private documentCount = 0;

  constructor(
    spec: SiftSpec,
    private readonly tokenizer: Pick<SiftTokenizer, 'index'>,
  ) {
    this.searchProperties = Object.keys(spec.searchProperties);
    if (this.searchProperties.length > MAX_SEARCH_PROPERTIES) {
      throw new Error(
        `Sift searches at most ${MAX_SEARCH_PROPERTIES} properties, not ${this.searchProperties.length}`,
      );
    }
    const indexed = Object.entries(spec.indexedProperties);
    this.filters = indexed.map(([name, type]) => new FilterColumnWriter(name, type));
    this.stored = new StoredFieldsWriter(
      new Set(indexed.filter(([, type]) => type === 'enum').map(([name]) => name)),
    );
  }

  add(document: SiftDocument): void {
    const d = this.documentCount++;
    this.searchProperties.forEach((property, p) => {
      for (const text of stringValues(document[property])) {
        for (const word of this.tokenizer.index(text)) this.postings.add(word, d, p);
      }
    });
    for (const filter of this.filters) filter.add(document);
    this.stored.add(document);
  }

  finish(): Uint8Array {
    return layoutBytes(this.finishLayout());
  }

  /** The index's bytes as a layout made as it is read (`layOutSections`); once. */
  finishLayout(): SectionsLayout {
    const { terms, termCount, termCounts, docDeltas, masks } = this.postings.finish();
    // Its entries are laid out: let them go before the other sections take their room.
    this.postings = new PostingsWriter();
    const filters = this.filters.map((filter) => filter.finish());
    const stored = this.stored.finish();
    const header: SiftHeader = {
      version: SIFT_PAYLOAD_VERSION,
      documentCount: this.documentCount,
      termCount,
      searchProperties: this.searchProperties,
      filters: filters.map((filter) => filter.header),
      columns: stored.headers,
    };
    return layOutSections(header, {
      terms,
      termCounts,
      docDeltas,
      masks,
      ...Object.fromEntries(
        filters.flatMap((filter, i) => [
          ...(filter.counts ? [[`filter.${i}.counts`, filter.counts]] : []),
          [`filter.${i}.values`, filter.valueIds],
        ]),
      ),
      ...stored.sections,
    });
  }
}

/** `documents` in the order hits should take when scores tie (best rank first). */
export function encodeSiftIndex(
  spec: SiftSpec,
  documents: Iterable<SiftDocument>,
  tokenizer: SiftTokenizer,
): Uint8Array {
  const writer = new SiftIndexWriter(spec, tokenizer);
  for (const document of documents) writer.add(document);
  return writer.finish();
}
