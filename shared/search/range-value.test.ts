import { describe, expect, it } from 'vitest';
import { parseRangeValue, rangeValueOf } from './range-value';

describe('range values', () => {
  it('reads closed and half-open ranges', () => {
    expect(parseRangeValue('100000..5000000')).toEqual({ min: 100000, max: 5000000 });
    expect(parseRangeValue('100000..')).toEqual({ min: 100000 });
    expect(parseRangeValue('..2.5')).toEqual({ max: 2.5 });
    expect(parseRangeValue('-3..-1')).toEqual({ min: -3, max: -1 });
    expect(parseRangeValue('7..7')).toEqual({ min: 7, max: 7 });
  });

  it('refuses what is not a range: open at both ends, reversed, not numbers', () => {
    for (const broken of ['..', '', '5', '5..3', 'a..b', '1e5..', '1..2..3', ' 1..2', '0x10..']) {
      expect(parseRangeValue(broken)).toBeUndefined();
    }
  });

  it('writes what it reads', () => {
    for (const bounds of [{ min: 1, max: 2 }, { min: 1000 }, { max: 0.5 }]) {
      expect(parseRangeValue(rangeValueOf(bounds)!)).toEqual(bounds);
    }
    expect(rangeValueOf({})).toBeUndefined();
  });
});
