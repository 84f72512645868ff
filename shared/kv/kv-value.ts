// The values a stored item may hold: JSON that survives PostgreSQL jsonb unchanged, its canonical
// text (object keys sorted, since jsonb reorders them) and its checksum, the crc32c of that text.
import { crc32c } from '../crc32c';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Nesting deeper than this is refused, so no reader recurses without bound. */
export const MAX_VALUE_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored (jsonb refuses NUL and unpaired surrogates), or null. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired surrogate';
  return null;
}

/** Why `value` is not a storable JSON value, or null. Iterative, so hostile nesting cannot overflow the stack. */
export function jsonValueProblem(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (depth > MAX_VALUE_DEPTH) return `is nested deeper than ${MAX_VALUE_DEPTH} levels`;
    if (current === null || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return 'contains a number JSON cannot hold';
      continue;
    }
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return `has a string that ${problem}`;
      continue;
    }
    if (Array.isArray(current)) {
      for (const element of current) pending.push([element, depth + 1]);
      continue;
    }
    if (typeof current === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(current))) {
      for (const [key, element] of Object.entries(current)) {
        const problem = textProblem(key);
        if (problem) return `has a property name that ${problem}`;
        pending.push([element, depth + 1]);
      }
      continue;
    }
    return `contains ${typeof current === 'object' ? 'an object that is not plain JSON' : `a ${typeof current}`}`;
  }
  return null;
}

/** JSON text with object keys in code-unit order: equal values give equal text after any round trip. */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`).join(',')}}`;
}

/** The stored-item checksum (spec §9): crc32c of the value's canonical JSON, as UTF-8. */
export function valueChecksum(value: JsonValue): number {
  return crc32c(canonicalJson(value));
}

const encoder = new TextEncoder();

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}
