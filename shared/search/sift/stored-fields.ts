// Stored documents, one column per property, so that a hit's document is put together from a few
// array reads instead of parsing a JSON record. Each column picks the smallest faithful encoding:
// - filter: the strings of an enum filter, read from its filter column (not stored twice);
// - dict: few distinct primitive values → ids into a value table (0: absent);
// - digits: strings of a canonical unsigned integer (keys) → 32-bit numbers;
// - scaled: numbers with at most 6 decimals that fit 32 bits once scaled (coordinates);
// - string, number: lines of text; json: anything else, as lines of JSON (empty line: absent).
import type { FilterColumn } from './filter-columns';
import type { SectionReader } from './sections';
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
  const lines = reader.textLines(section, count);
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
  private byId: Map<string, number> | undefined;

  constructor(
    headers: ColumnHeader[],
    reader: SectionReader<unknown>,
    private readonly count: number,
    filters: Map<string, FilterColumn>,
  ) {
    this.columns = headers.map((header, i) => [
      header.name,
      columnReader(header, `column.${i}`, reader, count, filters),
    ]);
    this.readId = this.column('id');
  }

  /** Reads one property of a document (undefined when absent, or when no document has it). */
  column(name: string): ColumnReader {
    return this.columns.find(([column]) => column === name)?.[1] ?? (() => undefined);
  }

  id(d: number): string {
    return String(this.readId(d));
  }

  /** Document d, without the properties in `omit`. */
  document(d: number, omit?: ReadonlySet<string>): SiftDocument {
    const document: Record<string, unknown> = {};
    for (const [name, read] of this.columns) {
      if (omit?.has(name)) continue;
      const value = read(d);
      if (value !== undefined) document[name] = value;
    }
    return document as SiftDocument;
  }

  /** The position of the document with `id`; the lookup table is made on first use (the item viewer). */
  indexOf(id: string): number | undefined {
    if (!this.byId) {
      this.byId = new Map();
      for (let d = 0; d < this.count; d += 1) this.byId.set(this.id(d), d);
    }
    return this.byId.get(id);
  }
}
