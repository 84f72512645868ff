// Stored documents, one column per property, so that a hit's document is put together from a few
// array reads instead of parsing a JSON record. Each column picks the smallest faithful encoding:
// - filter: the strings of an enum filter, read from its filter column (not stored twice);
// - dict: few distinct primitive values → ids into a value table (0: absent);
// - digits: strings of a canonical unsigned integer (keys) → 32-bit numbers;
// - scaled: numbers with at most 6 decimals that fit 32 bits once scaled (coordinates);
// - string, number: lines of text; json: anything else, as lines of JSON (empty line: absent).
import type { DerivedArrays } from './derived';
import type { FilterColumn } from './filter-columns';
import type { SectionReader, TextLines } from './sections';
import type { SiftDocument } from './types';

type ColumnKind = 'filter' | 'dict' | 'digits' | 'scaled' | 'string' | 'number' | 'json';

export interface ColumnHeader {
  name: string;
  kind: ColumnKind;
  /** The value table of a dict column; id n stands for values[n - 1], 0 for "absent". */
  values?: unknown[];
  /** A scaled column holds value × 10^decimals. */
  decimals?: number;
}

/** The absent marker of 32-bit columns (digits: 2^32 - 1; scaled: -2^31 as unsigned bits). */
export const ABSENT_DIGITS = 0xffffffff;
export const ABSENT_SCALED = 0x80000000;
/** The most decimals a scaled column keeps. */
export const MAX_DECIMALS = 6;

type ColumnReader = (d: number) => unknown;

function columnReader(
  header: ColumnHeader,
  section: string,
  reader: SectionReader<unknown>,
  count: number,
  filters: Map<string, FilterColumn>,
  derived: DerivedArrays,
  texts: TextLines[],
): ColumnReader {
  if (header.kind === 'filter') {
    const column = filters.get(header.name)!;
    return (d: number) => column.firstValue(d);
  }
  // 32-bit columns are read where they are: a hit reads a few values of each.
  if (header.kind === 'digits') {
    const numbers = reader.shuffled(section);
    return (d: number) => {
      const value = numbers.get(d);
      return value === ABSENT_DIGITS ? undefined : String(value);
    };
  }
  if (header.kind === 'scaled') {
    const scaled = reader.shuffled(section);
    const scale = 10 ** header.decimals!;
    return (d: number) => {
      const value = scaled.get(d) | 0;
      return value === (ABSENT_SCALED | 0) ? undefined : value / scale;
    };
  }
  if (header.kind === 'dict') {
    const ids = reader.shuffled(section);
    const values = header.values!;
    return (d: number) => {
      const id = ids.get(d);
      return id === 0 ? undefined : values[id - 1];
    };
  }
  const lines = reader.textLines(section, count, derived);
  texts.push(lines);
  const parse: (line: string) => unknown =
    header.kind === 'string' ? String : header.kind === 'number' ? Number : JSON.parse;
  return (d: number) => {
    const line = lines.get(d);
    return line === '' ? undefined : parse(line);
  };
}

export class StoredFields {
  private readonly columns: [string, ColumnReader][];
  private readonly readId: ColumnReader;
  /** The columns held as lines of text. */
  private readonly texts: TextLines[] = [];
  /** Positions + 1 by key hash (open addressing, half full), made on first use. */
  private byId: Int32Array | undefined;

  constructor(
    headers: ColumnHeader[],
    reader: SectionReader<unknown>,
    private readonly count: number,
    filters: Map<string, FilterColumn>,
    private readonly derived: DerivedArrays,
  ) {
    this.columns = headers.map((header, i) => [
      header.name,
      columnReader(header, `column.${i}`, reader, count, filters, derived, this.texts),
    ]);
    this.readId = this.column('id');
  }

  /** Finds the block starts of every text column (sections.ts), which the first hits read. */
  makeLineStarts(): void {
    for (const lines of this.texts) lines.blockStarts();
  }

  /** Reads one property of a document (undefined when absent, or when no document has it). */
  column(name: string): ColumnReader {
    return this.columns.find(([column]) => column === name)?.[1] ?? (() => undefined);
  }

  id(d: number): string {
    return String(this.readId(d));
  }

  /** Document d. */
  document(d: number): SiftDocument {
    return this.documents()(d);
  }

  /** Reads documents without the properties in `omit`, which are left out once, not per document. */
  documents(omit?: readonly string[]): (d: number) => SiftDocument {
    const columns = omit?.length ? this.columns.filter(([name]) => !omit.includes(name)) : this.columns;
    return (d) => {
      const document: Record<string, unknown> = {};
      for (const [name, read] of columns) {
        const value = read(d);
        if (value !== undefined) document[name] = value;
      }
      return document as SiftDocument;
    };
  }

  /**
   * The position of the document with `id`. The lookup table is made on first use (the item viewer,
   * a delta segment's hidden documents) as typed array: a Map of a million keys took 32 MB and 0.9 s.
   */
  indexOf(id: string): number | undefined {
    this.byId ??= this.derived.array('ids', Int32Array, idTableSize(this.count), () => this.idTable());
    const mask = this.byId.length - 1;
    for (let slot = hashOf(id) & mask; this.byId[slot] !== 0; slot = (slot + 1) & mask) {
      const d = this.byId[slot]! - 1;
      if (this.id(d) === id) return d;
    }
    return undefined;
  }

  private idTable(): Int32Array {
    const table = new Int32Array(idTableSize(this.count));
    const mask = table.length - 1;
    // The keys are read in order (text lines are found fastest so), then placed later documents
    // first, so that of two with one key the later is found (as a Map kept it).
    const hashes = new Uint32Array(this.count);
    for (let d = 0; d < this.count; d += 1) hashes[d] = hashOf(this.id(d));
    for (let d = this.count - 1; d >= 0; d -= 1) {
      let slot = hashes[d]! & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = d + 1;
    }
    return table;
  }
}

const idTableSize = (count: number) => 2 ** Math.ceil(Math.log2(2 * count + 2));

/** FNV-1a over UTF-16 code units. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
