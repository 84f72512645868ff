// Stored documents, one column per property, so that a hit's document is put together from a few
// array reads instead of parsing a JSON record. Each column picks the smallest faithful encoding:
// - filter: the strings of an enum filter, read from its filter column (not stored twice);
// - dict: few distinct primitive values → ids into a value table (0: absent);
// - digits: strings of a canonical unsigned integer (keys) → 32-bit numbers;
// - scaled: numbers with at most 6 decimals that fit 32 bits once scaled (coordinates);
// - string, number: lines of text; json: anything else, as lines of JSON (empty line: absent).
import type { FilterColumn } from './filter-columns';
import { linesSection, type SectionReader } from './sections';
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
const ABSENT_DIGITS = 0xffffffff;
const ABSENT_SCALED = 0x80000000;
const MAX_DECIMALS = 6;

const isPrimitive = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const isPlainLine = (value: unknown) => typeof value === 'string' && value !== '' && !value.includes('\n');
const isFiniteNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** A dict column pays off while its value table stays small next to the documents. */
const maxDictValues = (documentCount: number) => Math.min(65_535, Math.floor(documentCount / 4));

const isDigits = (value: unknown) =>
  typeof value === 'string' && /^(0|[1-9]\d{0,9})$/.test(value) && Number(value) < ABSENT_DIGITS;

/** The fewest decimals that hold every number exactly in a 32-bit integer, if any do. */
function scaleDecimals(present: unknown[]): number | undefined {
  if (!present.every(isFiniteNumber)) return undefined;
  for (let decimals = 0; decimals <= MAX_DECIMALS; decimals += 1) {
    const scale = 10 ** decimals;
    const fits = (present as number[]).every((value) => {
      const scaled = Math.round(value * scale);
      return Math.abs(scaled) < 2 ** 31 && Object.is((scaled | 0) / scale, value);
    });
    if (fits) return decimals;
  }
  return undefined;
}

function columnKind(present: unknown[], documentCount: number, isEnumFilter: boolean): ColumnKind {
  if (isEnumFilter && present.every((value) => typeof value === 'string')) return 'filter';
  if (present.every(isPrimitive)) {
    const distinct = new Set(present.map((value) => JSON.stringify(value)));
    if (distinct.size <= maxDictValues(documentCount)) return 'dict';
  }
  if (present.every(isDigits)) return 'digits';
  if (scaleDecimals(present) !== undefined) return 'scaled';
  if (present.every(isPlainLine)) return 'string';
  return present.every(isFiniteNumber) ? 'number' : 'json';
}

function encodeColumn(name: string, values: unknown[], documentCount: number, isEnumFilter: boolean) {
  const present = values.filter((value) => value !== undefined);
  const kind = columnKind(present, documentCount, isEnumFilter);
  if (kind === 'filter') return { header: { name, kind } };
  if (kind === 'digits') {
    const section = Uint32Array.from(values, (value) =>
      value === undefined ? ABSENT_DIGITS : Number(value),
    );
    return { header: { name, kind }, section };
  }
  if (kind === 'scaled') {
    const decimals = scaleDecimals(present)!;
    const section = Uint32Array.from(values, (value) =>
      value === undefined ? ABSENT_SCALED : Math.round((value as number) * 10 ** decimals) >>> 0,
    );
    return { header: { name, kind, decimals }, section };
  }
  if (kind === 'dict') {
    const ids = new Map<string, number>();
    const table: unknown[] = [];
    const section = new Uint32Array(values.length);
    values.forEach((value, d) => {
      if (value === undefined) return;
      const key = JSON.stringify(value);
      let id = ids.get(key);
      if (id === undefined) {
        id = table.push(value);
        ids.set(key, id);
      }
      section[d] = id;
    });
    return { header: { name, kind, values: table }, section };
  }
  const line = (value: unknown) =>
    value === undefined ? '' : kind === 'json' ? JSON.stringify(value) : String(value);
  return { header: { name, kind }, section: linesSection(values.map(line)) };
}

/** `enumFilters`: properties whose values the filter columns hold already. */
export function encodeStoredFields(documents: SiftDocument[], enumFilters: Set<string>) {
  const names = [...new Set(documents.flatMap((document) => Object.keys(document)))];
  const headers: ColumnHeader[] = [];
  const sections: Record<string, Uint8Array | Uint32Array> = {};
  names.forEach((name, i) => {
    const values = documents.map((document) => document[name]);
    const { header, section } = encodeColumn(name, values, documents.length, enumFilters.has(name));
    headers.push(header);
    if (section) sections[`column.${i}`] = section;
  });
  return { headers, sections };
}

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
  if (header.kind === 'digits') {
    const numbers = reader.uint32(section);
    return (d: number) => (numbers[d] === ABSENT_DIGITS ? undefined : String(numbers[d]));
  }
  if (header.kind === 'scaled') {
    const scaled = new Int32Array(reader.uint32(section).buffer);
    const scale = 10 ** header.decimals!;
    return (d: number) => (scaled[d] === (ABSENT_SCALED | 0) ? undefined : scaled[d]! / scale);
  }
  if (header.kind === 'dict') {
    const ids = reader.uint32(section);
    const values = header.values!;
    return (d: number) => (ids[d] === 0 ? undefined : values[ids[d]! - 1]);
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
