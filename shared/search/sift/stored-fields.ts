// Stored documents, one column per property, so that a hit's document is put together from a few
// array reads instead of parsing a JSON record. Each column picks the cheapest faithful encoding:
// few distinct primitive values → ids into a value table; plain strings or numbers → lines of
// text; anything else → lines of JSON. An empty line means the document lacks the property.
import { linesSection, type SectionReader } from './sections';
import type { SiftDocument } from './types';

type ColumnKind = 'dict' | 'string' | 'number' | 'json';

export interface ColumnHeader {
  name: string;
  kind: ColumnKind;
  /** The value table of a dict column; id n stands for values[n - 1], 0 for "absent". */
  values?: unknown[];
}

const isPrimitive = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const isPlainLine = (value: unknown) => typeof value === 'string' && value !== '' && !value.includes('\n');
const isFiniteNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** A dict column pays off while its value table stays small next to the documents. */
const maxDictValues = (documentCount: number) => Math.min(65_535, Math.floor(documentCount / 4));

function columnKind(present: unknown[], documentCount: number): ColumnKind {
  if (present.every(isPrimitive)) {
    const distinct = new Set(present.map((value) => JSON.stringify(value)));
    if (distinct.size <= maxDictValues(documentCount)) return 'dict';
  }
  if (present.every(isPlainLine)) return 'string';
  return present.every(isFiniteNumber) ? 'number' : 'json';
}

function encodeColumn(name: string, values: unknown[], documentCount: number) {
  const present = values.filter((value) => value !== undefined);
  const kind = columnKind(present, documentCount);
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

export function encodeStoredFields(documents: SiftDocument[]) {
  const names = [...new Set(documents.flatMap((document) => Object.keys(document)))];
  const headers: ColumnHeader[] = [];
  const sections: Record<string, Uint8Array | Uint32Array> = {};
  names.forEach((name, i) => {
    const { header, section } = encodeColumn(
      name,
      documents.map((document) => document[name]),
      documents.length,
    );
    headers.push(header);
    sections[`column.${i}`] = section;
  });
  return { headers, sections };
}

type ColumnReader = (d: number) => unknown;

function columnReader(header: ColumnHeader, section: string, reader: SectionReader<unknown>, count: number) {
  if (header.kind === 'dict') {
    const ids = reader.uint32(section);
    const values = header.values!;
    return (d: number) => (ids[d] === 0 ? undefined : values[ids[d]! - 1]);
  }
  const lines = reader.lines(section, count);
  if (header.kind === 'string') return (d: number) => lines[d] || undefined;
  if (header.kind === 'number') return (d: number) => (lines[d] === '' ? undefined : Number(lines[d]));
  return (d: number) => (lines[d] === '' ? undefined : JSON.parse(lines[d]!));
}

export class StoredFields {
  private readonly columns: [string, ColumnReader][];
  private readonly readId: ColumnReader;
  private byId: Map<string, number> | undefined;

  constructor(
    headers: ColumnHeader[],
    reader: SectionReader<unknown>,
    private readonly count: number,
  ) {
    this.columns = headers.map((header, i) => [
      header.name,
      columnReader(header, `column.${i}`, reader, count),
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

  document(d: number): SiftDocument {
    const document: Record<string, unknown> = {};
    for (const [name, read] of this.columns) {
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
