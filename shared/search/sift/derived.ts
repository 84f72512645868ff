// The arrays a Sift index derives from its bytes (dictionary and posting starts, rank factors, filter
// rows, text line starts, the key table), gathered by name so that a device can keep them beside the
// bytes and a later opening views them instead of computing them again (ADR 021). Packed: a
// little-endian u32 length, a JSON header (format, arrays), then each array 8-byte aligned.

/** Bumped whenever what an array holds or how it is named changes: an older pack is not taken. */
export const DERIVED_FORMAT = 'sift-derived/3';

const types = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f64: Float64Array,
} as const;
type TypeName = keyof typeof types;
export type DerivedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;
type ArrayType<T extends DerivedArray> = { readonly prototype: T } & (abstract new (
  ...args: never[]
) => DerivedArray);

interface PackHeader {
  format: string;
  /** Name, type, byte offset after the header, length in elements. */
  arrays: [string, TypeName, number, number][];
}

const ALIGNMENT = 8;
const aligned = (offset: number) => Math.ceil(offset / ALIGNMENT) * ALIGNMENT;
const typeName = (array: DerivedArray) =>
  (Object.keys(types) as TypeName[]).find((name) => array instanceof types[name])!;

export class DerivedArrays {
  private readonly made = new Map<string, DerivedArray>();

  /** `kept`: arrays packed by an earlier opening of the same bytes, taken instead of made. */
  constructor(private readonly kept?: ReadonlyMap<string, DerivedArray>) {}

  /**
   * The array `name`, kept or made by `make` (and remembered for `pack`). A kept array of another
   * type or length than this index asks for belongs to other bytes: that throws, and the caller
   * opens the bytes without what was kept.
   */
  array<T extends DerivedArray>(name: string, type: ArrayType<T>, length: number, make: () => T): T {
    let array = this.made.get(name) as T | undefined;
    if (array) return array;
    const kept = this.kept?.get(name);
    if (kept && !(kept instanceof type && kept.length === length)) {
      throw new Error(`The kept derived array "${name}" does not fit this index`);
    }
    array = (kept as T | undefined) ?? make();
    this.made.set(name, array);
    return array;
  }

  /** Every array taken or made so far, in one buffer that `unpack` views again. */
  pack(): Uint8Array {
    const arrays: PackHeader['arrays'] = [];
    let offset = 0;
    for (const [name, array] of this.made) {
      arrays.push([name, typeName(array), offset, array.length]);
      offset = aligned(offset + array.byteLength);
    }
    const header = new TextEncoder().encode(JSON.stringify({ format: DERIVED_FORMAT, arrays }));
    const start = aligned(4 + header.length);
    const bytes = new Uint8Array(start + offset);
    new DataView(bytes.buffer).setUint32(0, header.length, true);
    bytes.set(header, 4);
    let k = 0;
    for (const array of this.made.values()) {
      const at = start + arrays[k++]![2];
      bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    }
    return bytes;
  }
}

/**
 * The arrays of a pack, viewed in place (not copied: keep `bytes` unchanged). Throws when they are
 * not a pack of this format, or do not fit in `bytes`.
 */
export function unpackDerived(bytes: Uint8Array): Map<string, DerivedArray> {
  if (bytes.byteOffset % ALIGNMENT !== 0) throw new Error('A derived pack must start 8-byte aligned');
  const headerLength =
    bytes.length >= 4 ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) : 0;
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))) as PackHeader;
  if (header.format !== DERIVED_FORMAT) throw new Error(`Not a ${DERIVED_FORMAT} pack`);
  const start = aligned(4 + headerLength);
  const arrays = new Map<string, DerivedArray>();
  for (const [name, type, offset, length] of header.arrays) {
    const Type = Object.hasOwn(types, type) ? types[type] : undefined;
    if (!Type || start + offset + length * Type.BYTES_PER_ELEMENT > bytes.length) {
      throw new Error(`The derived array "${name}" does not fit its pack`);
    }
    arrays.set(name, new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset + start + offset, length));
  }
  return arrays;
}
