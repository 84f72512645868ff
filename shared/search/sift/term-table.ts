// The distinct words of an index being built, interned in typed arrays. A million words as
// JavaScript strings in a Map took about 100 MB of a build's heap at a million documents (a string
// and a map entry each, about 90 bytes a word); their UTF-16 code units, a start each and an
// open-addressing table of ids take about a third of that, and no string is kept.
import { Growable } from './growable';

const EMPTY = 0xffff_ffff;
/** Code units turned into a string at a time (String.fromCharCode takes them as arguments). */
const UNITS_PER_CALL = 8192;

/** FNV-1a over UTF-16 code units: of a word kept (`TermTable.idOf` hashes a word looked up alike). */
function hashOf(units: Uint16Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i += 1) hash = Math.imul(hash ^ units[i]!, 0x01000193);
  return hash >>> 0;
}

export class TermTable {
  private readonly units = new Growable(Uint16Array, 1 << 16);
  /** Word t's code units are units[starts[t], starts[t + 1]). */
  private readonly starts = new Growable(Uint32Array);
  /** Linear probing: a word's id per slot, EMPTY where none; never more than half full. */
  private slots: Uint32Array;

  /** `slots`, a power of two, to start with: a small table grows (and collides) from the first words. */
  constructor(slots = 1 << 12) {
    this.slots = new Uint32Array(slots).fill(EMPTY);
    this.starts.push(0);
  }

  get size(): number {
    return this.starts.length - 1;
  }

  /** The id of `word` (ids count up from 0 in the order words are first seen), added when new. */
  idOf(word: string): number {
    const mask = this.slots.length - 1;
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i += 1) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
    for (let slot = (hash >>> 0) & mask; ; slot = (slot + 1) & mask) {
      const t = this.slots[slot]!;
      if (t === EMPTY) return this.add(word, slot);
      if (this.holds(t, word)) return t;
    }
  }

  /** Word t. */
  word(t: number): string {
    const units = this.units.view();
    const to = this.starts.get(t + 1);
    let word = '';
    for (let from = this.starts.get(t); from < to; from += UNITS_PER_CALL)
      word += String.fromCharCode.apply(
        null,
        units.subarray(from, Math.min(to, from + UNITS_PER_CALL)) as never,
      );
    return word;
  }

  /** The ids in the order of their words, as `Array.prototype.sort` orders strings (by code unit). */
  sortedIds(): Uint32Array {
    const units = this.units.view();
    const starts = this.starts.view();
    return new Uint32Array(this.size)
      .map((_, t) => t)
      .sort((a, b) => {
        const aFrom = starts[a]!;
        const bFrom = starts[b]!;
        const aLength = starts[a + 1]! - aFrom;
        const bLength = starts[b + 1]! - bFrom;
        const length = Math.min(aLength, bLength);
        for (let i = 0; i < length; i += 1) {
          const difference = units[aFrom + i]! - units[bFrom + i]!;
          if (difference !== 0) return difference;
        }
        return aLength - bLength;
      });
  }

  private holds(t: number, word: string): boolean {
    const from = this.starts.get(t);
    if (this.starts.get(t + 1) - from !== word.length) return false;
    for (let i = 0; i < word.length; i += 1) {
      if (this.units.get(from + i) !== word.charCodeAt(i)) return false;
    }
    return true;
  }

  private add(word: string, slot: number): number {
    const t = this.size;
    for (let i = 0; i < word.length; i += 1) this.units.push(word.charCodeAt(i));
    this.starts.push(this.units.length);
    this.slots[slot] = t;
    if (this.size * 2 > this.slots.length) this.grow();
    return t;
  }

  private grow(): void {
    const slots = new Uint32Array(this.slots.length * 2).fill(EMPTY);
    const mask = slots.length - 1;
    const units = this.units.view();
    for (let t = 0; t < this.size; t += 1) {
      let slot = hashOf(units, this.starts.get(t), this.starts.get(t + 1)) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = t;
    }
    this.slots = slots;
  }
}
