// What a parsed request body may hold before zod walks it and the database stores it: nesting
// within MAX_JSON_DEPTH, and no NUL or lone UTF-16 surrogates (JSON escapes such as "\ud800" parse
// into them, and PostgreSQL stores neither), each found and named by its field.

/** Deeper than any body the API takes; keeps every walk over a body (ours, zod's) off the stack limit. */
export const MAX_JSON_DEPTH = 64;

/** Unstorable text is refused, or, where a body is worth keeping as it is (logs), repaired. */
export type TextPolicy = 'refuse' | 'repair';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

interface JsonProblem {
  path: (string | number)[];
  message: string;
}

/**
 * The first place in `value` that nests deeper than MAX_JSON_DEPTH or, unless `text` is 'repair',
 * holds text PostgreSQL cannot store; null when there is none.
 */
export function findJsonProblem(
  value: unknown,
  text: TextPolicy,
  path: (string | number)[] = [],
): JsonProblem | null {
  if (typeof value === 'string') {
    return text === 'refuse' && UNSTORABLE.test(value)
      ? { path, message: 'holds a NUL character or a lone surrogate' }
      : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (path.length >= MAX_JSON_DEPTH) return { path, message: `nests deeper than ${MAX_JSON_DEPTH} levels` };
  for (const [key, item] of Object.entries(value)) {
    const here = [...path, Array.isArray(value) ? Number(key) : key];
    if (text === 'refuse' && UNSTORABLE.test(key)) {
      return { path: here, message: 'has a name with a NUL character or a lone surrogate' };
    }
    const problem = findJsonProblem(item, text, here);
    if (problem) return problem;
  }
  return null;
}

/** `value` with every unstorable character replaced by U+FFFD; call only on values within MAX_JSON_DEPTH. */
export function withStorableText(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE_ALL, '\ufffd');
  if (Array.isArray(value)) return value.map(withStorableText);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key.replace(UNSTORABLE_ALL, '\ufffd'),
      withStorableText(item),
    ]),
  );
}
