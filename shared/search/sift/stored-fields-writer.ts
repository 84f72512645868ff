// Stored fields made one document at a time (their encodings: stored-fields.ts). A column's
// encoding depends on all of its values, so each column keeps, while they remain possible, the
// compact forms it may end in (dictionary ids, 32-bit digits, numbers) instead of the values, and
// picks one when the last document is in. Its text lines, the largest form, are made only once no
// compact form is left to make them from: at a million documents, lines kept beside the numbers,
// keys and enum values that ended compact were about 50 MB of the build's memory.
import { Growable } from './growable';
import { ABSENT_DIGITS, ABSENT_SCALED, type ColumnHeader, MAX_DECIMALS } from './stored-fields';
import type { SiftDocument } from './types';

type Section = Uint8Array | Uint32Array;

const isPrimitive = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const isPlainLine = (value: unknown) => typeof value === 'string' && value !== '' && !value.includes('\n');
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isDigits = (value: unknown) =>
  typeof value === 'string' && /^(0|[1-9]\d{0,9})$/.test(value) && Number(value) < ABSENT_DIGITS;

/** The largest value table a dict column may have at all; the final limit depends on the document count. */
const DICT_VALUES_CAP = 65_535;
/** A dict column pays off while its value table stays small next to the documents. */
const maxDictValues = (documentCount: number) => Math.min(DICT_VALUES_CAP, Math.floor(documentCount / 4));
/** Lines per chunk of a text column: joined early so that a million values are not a million strings. */
const LINES_PER_CHUNK = 4096;
const NEWLINE = 0x0a;

/** The fewest decimals that hold every number (NaN: absent) exactly in a 32-bit integer, if any do. */
function scaleDecimals(numbers: Float64Array): number | undefined {
  for (let decimals = 0; decimals <= MAX_DECIMALS; decimals += 1) {
    const scale = 10 ** decimals;
    let fits = true;
    for (const value of numbers) {
      if (Number.isNaN(value)) continue;
      const scaled = Math.round(value * scale);
      // -0 is kept as 0, as JSON writes it, so that one -0 does not turn a column of coordinates into text.
      if (Math.abs(scaled) >= 2 ** 31 || (scaled | 0) / scale !== value) {
        fits = false;
        break;
      }
    }
    if (fits) return decimals;
  }
  return undefined;
}

/** Text lines ("" for absent), held as chunks of joined lines; `toJson` rewrites plain lines as JSON. */
export class Lines {
  private chunks: string[] = [];
  private chunk: string[] = [];

  push(line: string): void {
    this.chunk.push(line);
    if (this.chunk.length === LINES_PER_CHUNK) {
      this.chunks.push(this.chunk.join('\n'));
      this.chunk = [];
    }
  }

  /** Plain lines (no line breaks, "" only for absent) as JSON lines. */
  toJson(): void {
    const json = (line: string) => (line === '' ? '' : JSON.stringify(line));
    this.chunks = this.chunks.map((chunk) => chunk.split('\n').map(json).join('\n'));
    this.chunk = this.chunk.map(json);
  }

  /** The UTF-8 bytes of the lines joined with "\n" (chunks end at line breaks, so they encode apart). */
  encode(): Uint8Array {
    const encoder = new TextEncoder();
    const parts = [...this.chunks, ...(this.chunk.length > 0 ? [this.chunk.join('\n')] : [])].map((text) =>
      encoder.encode(text),
    );
    const bytes = new Uint8Array(
      parts.reduce((sum, part) => sum + part.length, Math.max(0, parts.length - 1)),
    );
    let at = 0;
    parts.forEach((part, i) => {
      if (i > 0) bytes[at++] = NEWLINE;
      bytes.set(part, at);
      at += part.length;
    });
    return bytes;
  }
}

interface CompactForms {
  dict?: Growable<Uint32Array>;
  dictTable: unknown[];
  digits?: Growable<Uint32Array>;
  numbers?: Growable<Float64Array>;
}

/** The text lines of the first `count` values, made from a compact form of the column (one is kept). */
function linesFrom(forms: CompactForms, plain: boolean, count: number): Lines {
  const { dict, dictTable, digits, numbers } = forms;
  const line = (value: unknown) => (plain ? (value as string) : JSON.stringify(value));
  const lineOf: (d: number) => string = dict
    ? (d) => (dict.get(d) === 0 ? '' : line(dictTable[dict.get(d) - 1]))
    : digits
      ? (d) => (digits.get(d) === ABSENT_DIGITS ? '' : String(digits.get(d)))
      : (d) => (Number.isNaN(numbers!.get(d)) ? '' : JSON.stringify(numbers!.get(d)));
  const lines = new Lines();
  for (let d = 0; d < count; d += 1) lines.push(lineOf(d));
  return lines;
}

class ColumnWriter {
  length = 0;
  private allStrings = true;
  private allDigits = true;
  private allFinite = true;
  private allPlainLines = true;
  private dictIds: Map<string, number> | undefined = new Map();
  private dictTable: unknown[] = [];
  private dict: Growable<Uint32Array> | undefined = new Growable(Uint32Array);
  private digits: Growable<Uint32Array> | undefined = new Growable(Uint32Array);
  private numbers: Growable<Float64Array> | undefined = new Growable(Float64Array);
  /** Made once no compact form above is left to make them from (linesFrom). */
  private lines: Lines | undefined;

  constructor(
    private readonly name: string,
    private readonly isEnumFilter: boolean,
  ) {}

  add(value: unknown): void {
    this.length += 1;
    if (value === undefined) {
      this.dict?.push(0);
      this.digits?.push(ABSENT_DIGITS);
      this.numbers?.push(Number.NaN);
      this.lines?.push('');
      return;
    }
    // The forms kept before this value: should it end them all, the lines so far are made from them.
    const { dict, dictTable, digits, numbers } = this;
    if (typeof value !== 'string') this.allStrings = false;
    this.addToDict(value);
    if (this.allDigits && !isDigits(value)) {
      this.allDigits = false;
      this.digits = undefined;
    }
    this.digits?.push(Number(value));
    if (this.allFinite && !isFiniteNumber(value)) {
      this.allFinite = false;
      this.numbers = undefined;
    }
    this.numbers?.push(value as number);
    if (!this.lines && !this.dict && !this.digits && !this.numbers) {
      this.lines = linesFrom({ dict, dictTable, digits, numbers }, this.allPlainLines, this.length - 1);
    }
    if (this.allPlainLines && !isPlainLine(value)) {
      this.allPlainLines = false;
      this.lines?.toJson();
    }
    this.lines?.push(this.allPlainLines ? (value as string) : JSON.stringify(value));
  }

  private addToDict(value: unknown): void {
    if (!this.dictIds) return;
    const key = isPrimitive(value) ? JSON.stringify(value) : undefined;
    let id = key === undefined ? undefined : this.dictIds.get(key);
    if (key !== undefined && id === undefined && this.dictIds.size < DICT_VALUES_CAP) {
      id = this.dictTable.push(value);
      this.dictIds.set(key, id);
    }
    if (id === undefined) {
      // Not a primitive, or one value too many: the column will not be a dict.
      this.dictIds = undefined;
      this.dict = undefined;
      this.dictTable = [];
      return;
    }
    this.dict!.push(id);
  }

  /** The column's header and section, in the encoding that the values seen call for. */
  finish(documentCount: number): { header: ColumnHeader; section?: Section } {
    const { name } = this;
    if (this.isEnumFilter && this.allStrings) return { header: { name, kind: 'filter' } };
    if (this.dictIds && this.dictIds.size <= maxDictValues(documentCount)) {
      return { header: { name, kind: 'dict', values: this.dictTable }, section: this.dict!.view() };
    }
    if (this.digits) return { header: { name, kind: 'digits' }, section: this.digits.view() };
    const decimals = this.numbers && scaleDecimals(this.numbers.view());
    if (decimals !== undefined) {
      const scale = 10 ** decimals;
      const section = Uint32Array.from(this.numbers!.view(), (value) =>
        Number.isNaN(value) ? ABSENT_SCALED : Math.round(value * scale) >>> 0,
      );
      return { header: { name, kind: 'scaled', decimals }, section };
    }
    const kind = this.allPlainLines ? 'string' : this.allFinite ? 'number' : 'json';
    const { dict, dictTable, digits, numbers } = this;
    const lines =
      this.lines ?? linesFrom({ dict, dictTable, digits, numbers }, this.allPlainLines, this.length);
    return { header: { name, kind }, section: lines.encode() };
  }
}

/** `enumFilters`: properties whose values the filter columns hold already. */
export class StoredFieldsWriter {
  private readonly columns = new Map<string, ColumnWriter>();
  private count = 0;

  constructor(private readonly enumFilters: Set<string>) {}

  add(document: SiftDocument): void {
    for (const name of Object.keys(document)) {
      let column = this.columns.get(name);
      if (!column) {
        column = new ColumnWriter(name, this.enumFilters.has(name));
        for (let d = 0; d < this.count; d += 1) column.add(undefined);
        this.columns.set(name, column);
      }
      column.add(document[name]);
    }
    this.count += 1;
    for (const column of this.columns.values()) if (column.length < this.count) column.add(undefined);
  }

  /** Column headers in order of first appearance, and their sections (`column.<position>`). */
  finish() {
    const headers: ColumnHeader[] = [];
    const sections: Record<string, Section> = {};
    [...this.columns.values()].forEach((column, i) => {
      const { header, section } = column.finish(this.count);
      headers.push(header);
      if (section) sections[`column.${i}`] = section;
    });
    return { headers, sections };
  }
}
