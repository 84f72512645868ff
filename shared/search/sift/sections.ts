// The binary layout of a serialised Sift index: a length-prefixed JSON header (counts, property
// names, value tables, the section table), then named sections. Byte sections (text, masks) are
// viewed in place, never copied or parsed. 32-bit sections are stored byte-shuffled (all first
// bytes, then all second bytes...): their high bytes are mostly alike, which gzip turns into
// 20-25 % fewer bytes; the reader unshuffles them in one linear pass, or reads them where they are
// (ShuffledUint32) when only a few values are read per search.

import type { DerivedArrays } from './derived';

type Section = Uint8Array | Uint32Array;
type SectionTable = Record<string, [offset: number, byteLength: number]>;

/** Values of a 32-bit section shuffled at a time when a layout is read in chunks. */
const SHUFFLE_CHUNK = 1 << 18;

/** A serialised index's bytes, `size` of them, made chunk by chunk as `chunks` (read once) is read. */
export interface SectionsLayout {
  size: number;
  chunks(): Generator<Uint8Array>;
}

/**
 * The layout of `header` and `sections`, made only as it is read: a million documents' index is
 * compressed without a copy of all its bytes (73 MB) beside the sections, and each section is let
 * go once laid out, so that it can be collected while the rest are.
 */
export function layOutSections(header: object, sections: Record<string, Section>): SectionsLayout {
  const table: SectionTable = {};
  let offset = 0;
  for (const [name, section] of Object.entries(sections)) {
    table[name] = [offset, section.byteLength];
    offset += section.byteLength;
  }
  const headerBytes = new TextEncoder().encode(JSON.stringify({ ...header, sections: table }));
  const prefix = new Uint8Array(4 + headerBytes.length);
  new DataView(prefix.buffer).setUint32(0, headerBytes.length, true);
  prefix.set(headerBytes, 4);
  const pending = Object.values(sections);
  return {
    size: prefix.length + offset,
    *chunks() {
      yield prefix;
      for (let section = pending.shift(); section; section = pending.shift()) {
        if (section instanceof Uint32Array) yield* shuffled(section);
        else yield section;
      }
    },
  };
}

/** A layout's bytes in one array. */
export function layoutBytes(layout: SectionsLayout): Uint8Array {
  const bytes = new Uint8Array(layout.size);
  let at = 0;
  for (const chunk of layout.chunks()) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** Byte plane p of every value (little-endian), plane after plane, in chunks. */
function* shuffled(values: Uint32Array): Generator<Uint8Array> {
  const n = values.length;
  for (let plane = 0; plane < 4; plane += 1) {
    for (let from = 0; from < n; from += SHUFFLE_CHUNK) {
      const chunk = new Uint8Array(Math.min(SHUFFLE_CHUNK, n - from));
      for (let i = 0; i < chunk.length; i += 1) chunk[i] = (values[from + i]! >>> (8 * plane)) & 0xff;
      yield chunk;
    }
  }
}

function unshuffle(bytes: Uint8Array): Uint32Array {
  const n = bytes.length / 4;
  const values = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) {
    values[i] =
      (bytes[i]! | (bytes[n + i]! << 8) | (bytes[2 * n + i]! << 16) | (bytes[3 * n + i]! << 24)) >>> 0;
  }
  return values;
}

/** A byte-shuffled 32-bit section read in place: value i is four bytes, one from each plane. */
export class ShuffledUint32 {
  readonly length: number;

  constructor(private readonly bytes: Uint8Array) {
    this.length = bytes.length / 4;
  }

  get(i: number): number {
    const { bytes, length: n } = this;
    return (bytes[i]! | (bytes[n + i]! << 8) | (bytes[2 * n + i]! << 16) | (bytes[3 * n + i]! << 24)) >>> 0;
  }
}

/**
 * The lines of a text section, each decoded when read: a million documents' names and keys as
 * strings took 130 MB of heap and a tenth of a second to make on opening. The start of every
 * LINES_PER_START-th line is found (or taken from those kept) on the first read, and a line is
 * found from the start of its block: a start per line took 4 MB per column at a million documents,
 * for the few hits a search shows; one per 8 lines takes 0.5 MB, and a search's 1,000 hits are
 * decoded in a quarter less time than with one per 32 (a hit's line is 3.5 lines into its block on
 * average, not 15.5). Lines read in order (a column's numbers made for every document) go on from
 * where the last one ended.
 */
const SHORT_LINE = 256;
const LINES_PER_START = 8;
const NEWLINE = 0x0a;

export class TextLines {
  private starts?: Uint32Array;
  private readonly decoder = new TextDecoder();
  /** The character codes of the line being made. */
  private readonly codes: number[] = [];
  /** The line read last, and where the one after it starts. */
  private lastLine = -1;
  private nextStart = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly count: number,
    private readonly name: string,
    private readonly derived: DerivedArrays,
  ) {}

  get(i: number): string {
    const { bytes } = this;
    const from = i === this.lastLine + 1 ? this.nextStart : this.lineStart(i);
    const end = bytes.indexOf(NEWLINE, from);
    const to = end === -1 ? bytes.length : end;
    this.lastLine = i;
    this.nextStart = to + 1;
    // Short ASCII lines (names, keys) are made without a decoder call, which costs more than they do.
    const codes = this.codes;
    if (to - from > SHORT_LINE) return this.decoder.decode(bytes.subarray(from, to));
    codes.length = to - from;
    for (let k = from; k < to; k += 1) {
      if (bytes[k]! >= 0x80) return this.decoder.decode(bytes.subarray(from, to));
      codes[k - from] = bytes[k]!;
    }
    return String.fromCharCode.apply(null, codes);
  }

  /** The start of every LINES_PER_START-th line, found (or taken from those kept) on the first call. */
  blockStarts(): Uint32Array {
    this.starts ??= this.derived.array(
      `${this.name}.starts`,
      Uint32Array,
      Math.ceil(this.count / LINES_PER_START),
      () => blockStarts(this.bytes, this.count),
    );
    return this.starts;
  }

  private lineStart(i: number): number {
    let at = this.blockStarts()[Math.floor(i / LINES_PER_START)]!;
    for (let line = i - (i % LINES_PER_START); line < i; line += 1) at = this.bytes.indexOf(NEWLINE, at) + 1;
    return at;
  }
}

/** Where each LINES_PER_START-th of `count` lines joined with "\n" starts. */
function blockStarts(bytes: Uint8Array, count: number): Uint32Array {
  const starts = new Uint32Array(Math.ceil(count / LINES_PER_START));
  const length = bytes.length;
  let line = 1;
  for (let k = 0; k < length && line < count; k += 1) {
    if (bytes[k] === NEWLINE) {
      if (line % LINES_PER_START === 0) starts[line / LINES_PER_START] = k + 1;
      line += 1;
    }
  }
  return starts;
}

export class SectionReader<Header> {
  readonly header: Header;
  private readonly start: number;
  private readonly table: SectionTable;

  constructor(private readonly bytes: Uint8Array) {
    const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
    const parsed = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength)));
    this.table = parsed.sections;
    this.header = parsed as Header;
    this.start = 4 + headerLength;
  }

  /** The sections' names. */
  get sections(): string[] {
    return Object.keys(this.table);
  }

  uint8(name: string): Uint8Array {
    const entry = this.table[name];
    if (!entry) throw new Error(`Sift index section "${name}" is missing`);
    return this.bytes.subarray(this.start + entry[0], this.start + entry[0] + entry[1]);
  }

  uint32(name: string): Uint32Array {
    return unshuffle(this.uint8(name));
  }

  /** A 32-bit section whose values all fit 16 bits, in half the memory. */
  uint16(name: string): Uint16Array {
    const bytes = this.uint8(name);
    const n = bytes.length / 4;
    const values = new Uint16Array(n);
    for (let i = 0; i < n; i += 1) values[i] = bytes[i]! | (bytes[n + i]! << 8);
    return values;
  }

  shuffled(name: string): ShuffledUint32 {
    return new ShuffledUint32(this.uint8(name));
  }

  textLines(name: string, count: number, derived: DerivedArrays): TextLines {
    return new TextLines(this.uint8(name), count, name, derived);
  }

  text(name: string): string {
    return new TextDecoder().decode(this.uint8(name));
  }
}
