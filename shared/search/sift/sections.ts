// The binary layout of a serialised Sift index: a length-prefixed JSON header (counts, property
// names, value tables, the section table), then named sections, each 8-byte aligned so that the
// reader can view them as typed arrays in place instead of parsing them.

type Section = Uint8Array | Uint32Array;
type SectionTable = Record<string, [offset: number, byteLength: number]>;

const ALIGN = 8;
const aligned = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

export function writeSections(header: object, sections: Record<string, Section>): Uint8Array {
  const table: SectionTable = {};
  let offset = 0;
  for (const [name, section] of Object.entries(sections)) {
    table[name] = [offset, section.byteLength];
    offset = aligned(offset + section.byteLength);
  }
  const headerBytes = new TextEncoder().encode(JSON.stringify({ ...header, sections: table }));
  const start = aligned(4 + headerBytes.length);
  const bytes = new Uint8Array(start + offset);
  new DataView(bytes.buffer).setUint32(0, headerBytes.length, true);
  bytes.set(headerBytes, 4);
  for (const [name, section] of Object.entries(sections)) {
    bytes.set(
      new Uint8Array(section.buffer, section.byteOffset, section.byteLength),
      start + table[name]![0],
    );
  }
  return bytes;
}

export class SectionReader<Header> {
  readonly header: Header;
  private readonly bytes: Uint8Array;
  private readonly start: number;
  private readonly table: SectionTable;

  constructor(input: Uint8Array) {
    // Typed-array views need aligned offsets; an unaligned input (rare) is copied once.
    this.bytes = input.byteOffset % ALIGN === 0 ? input : input.slice();
    const headerLength = new DataView(this.bytes.buffer, this.bytes.byteOffset).getUint32(0, true);
    const parsed = JSON.parse(new TextDecoder().decode(this.bytes.subarray(4, 4 + headerLength)));
    this.table = parsed.sections;
    this.header = parsed as Header;
    this.start = this.bytes.byteOffset + aligned(4 + headerLength);
  }

  private at(name: string): [number, number] {
    const entry = this.table[name];
    if (!entry) throw new Error(`Sift index section "${name}" is missing`);
    return [this.start + entry[0], entry[1]];
  }

  uint8(name: string): Uint8Array {
    const [offset, length] = this.at(name);
    return new Uint8Array(this.bytes.buffer, offset, length);
  }

  uint32(name: string): Uint32Array {
    const [offset, length] = this.at(name);
    return new Uint32Array(this.bytes.buffer, offset, length / 4);
  }

  /** The `count` lines of a text section (lines are joined with "\n"). */
  lines(name: string, count: number): string[] {
    return count === 0 ? [] : new TextDecoder().decode(this.uint8(name)).split('\n');
  }
}

export const linesSection = (lines: string[]) => new TextEncoder().encode(lines.join('\n'));
