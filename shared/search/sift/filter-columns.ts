// Filterable properties: per document, the ids of the values it holds (a compressed sparse row:
// counts in the artifact, start offsets derived on load; neither when every document holds exactly
// one value, as a city its country: its id is then at the document's own position). A `where`
// clause becomes a lookup table over value ids, and facets count value ids over the matches.
import type { DerivedArrays } from './derived';
import { Growable } from './growable';
import type { SectionReader } from './sections';
import type { SiftDocument, SiftFilterType } from './types';

export interface FilterHeader {
  name: string;
  type: SiftFilterType;
  /** Value id n stands for values[n - 1]. */
  values: string[];
  /** Every document holds exactly one value: the column has no counts. */
  oneEach?: true;
}

/** The string values a document holds for a property: one string, or the strings of a list, once each. */
export function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? [...new Set(value.filter((v): v is string => typeof v === 'string'))] : [];
}

/**
 * A filter column made one document at a time; value ids are given in order of first appearance.
 * Counts are kept only from the first document that holds other than one value (4 MB a column at a
 * million documents that the cities' country and feature code never need).
 */
export class FilterColumnWriter {
  private readonly ids = new Map<string, number>();
  private counts?: Growable<Uint32Array>;
  private readonly valueIds = new Growable(Uint32Array);
  private documentCount = 0;

  constructor(
    private readonly name: string,
    private readonly type: SiftFilterType,
  ) {}

  add(document: SiftDocument): void {
    const values = stringValues(document[this.name]);
    if (values.length !== 1 && !this.counts) {
      this.counts = new Growable(Uint32Array, Math.max(1024, this.documentCount * 2));
      for (let d = 0; d < this.documentCount; d += 1) this.counts.push(1);
    }
    this.counts?.push(values.length);
    this.documentCount += 1;
    for (const value of values) {
      let id = this.ids.get(value);
      if (id === undefined) {
        id = this.ids.size + 1;
        this.ids.set(value, id);
      }
      this.valueIds.push(id);
    }
  }

  finish() {
    const header: FilterHeader = { name: this.name, type: this.type, values: [...this.ids.keys()] };
    if (!this.counts)
      return { header: { ...header, oneEach: true as const }, valueIds: this.valueIds.view() };
    return { header, counts: this.counts.view(), valueIds: this.valueIds.view() };
  }
}

export class FilterColumn {
  readonly name: string;
  private readonly values: string[];
  private readonly valueIndex: Map<string, number>;
  /** Where each document's value ids start in `ids`; absent when each holds one (at its position). */
  private readonly starts?: Uint32Array;
  private readonly ids: Uint16Array | Uint32Array;

  constructor(header: FilterHeader, reader: SectionReader<unknown>, section: string, derived: DerivedArrays) {
    this.name = header.name;
    this.values = header.values;
    this.valueIndex = new Map(header.values.map((value, i) => [value, i + 1]));
    if (!header.oneEach) {
      const counts = reader.shuffled(`${section}.counts`);
      this.starts = derived.array(`${section}.starts`, Uint32Array, counts.length + 1, () => {
        const starts = new Uint32Array(counts.length + 1);
        for (let d = 0; d < counts.length; d += 1) starts[d + 1] = starts[d]! + counts.get(d);
        return starts;
      });
    }
    // Value ids go from 1 to the number of values: most columns have few.
    const values = `${section}.values`;
    const idCount = reader.uint8(values).length / 4;
    this.ids =
      header.values.length <= 0xffff
        ? derived.array(values, Uint16Array, idCount, () => reader.uint16(values))
        : derived.array(values, Uint32Array, idCount, () => reader.uint32(values));
  }

  /** The document's value (its first, for lists), for stored fields that share this column. */
  firstValue(d: number): string | undefined {
    const { starts } = this;
    if (!starts) return this.values[this.ids[d]! - 1];
    return starts[d] === starts[d + 1] ? undefined : this.values[this.ids[starts[d]!]! - 1];
  }

  /** A table over value ids: 1 where the value is one of `accepted`. */
  acceptor(accepted: string[]): Uint8Array {
    const table = new Uint8Array(this.values.length + 1);
    for (const value of accepted) table[this.valueIndex.get(value) ?? 0] = 1;
    table[0] = 0;
    return table;
  }

  /** The document holds at least one value marked in `table`. */
  holdsAny(d: number, table: Uint8Array): boolean {
    const { starts, ids } = this;
    if (!starts) return table[ids[d]!] !== 0;
    for (let k = starts[d]!; k < starts[d + 1]!; k += 1) if (table[ids[k]!]) return true;
    return false;
  }

  newCounts(): Uint32Array {
    return new Uint32Array(this.values.length + 1);
  }

  count(d: number, counts: Uint32Array): void {
    const { starts, ids } = this;
    if (!starts) counts[ids[d]!]! += 1;
    else for (let k = starts[d]!; k < starts[d + 1]!; k += 1) counts[ids[k]!]! += 1;
  }

  facet(counts: Uint32Array): Record<string, number> {
    const facet: Record<string, number> = {};
    for (let id = 1; id < counts.length; id += 1) if (counts[id]) facet[this.values[id - 1]!] = counts[id]!;
    return facet;
  }
}
