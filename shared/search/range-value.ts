// A range filter's selection as one value of the `f` URL parameter: "min..max", either side may be
// left open ("100000..", "..5000000"). Anything else is not a range and is ignored.

export interface RangeBounds {
  min?: number;
  max?: number;
}

const NUMBER = '-?\\d+(?:\\.\\d+)?';
const RANGE = new RegExp(`^(${NUMBER})?\\.\\.(${NUMBER})?$`);

/** The bounds of a range value, or undefined when it is malformed, open at both ends, or min > max. */
export function parseRangeValue(value: string): RangeBounds | undefined {
  const match = RANGE.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const bounds: RangeBounds = {};
  if (match[1] !== undefined) bounds.min = Number(match[1]);
  if (match[2] !== undefined) bounds.max = Number(match[2]);
  if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max) return undefined;
  return bounds;
}

/** The value of `bounds` for `f`, or undefined when neither end is set. */
export function rangeValueOf(bounds: RangeBounds): string | undefined {
  if (bounds.min === undefined && bounds.max === undefined) return undefined;
  return `${bounds.min ?? ''}..${bounds.max ?? ''}`;
}
