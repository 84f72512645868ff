// What a parsed JSON body may hold before it reaches the database: PostgreSQL stores neither NUL
// nor lone UTF-16 surrogates (JSON escapes such as "\ud800" parse into them), and checks walk
// nesting, so both are settled here, per field, before any handler sees the value.

/** Deeper than any body the API takes; keeps every walk over a body (ours, zod's) off the stack limit. */
export const MAX_JSON_DEPTH = 64;

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export interface JsonProblem {
  kind: 'too_deep' | 'unstorable_text';
  path: string;
  message: string;
}

/** The first place in `value` that nests too deep or holds text PostgreSQL cannot store, or null. */
export function findJsonProblem(value: unknown, path: (string | number)[] = []): JsonProblem | null {
  if (typeof value === 'string') {
    return UNSTORABLE.test(value)
      ? {
          kind: 'unstorable_text',
          path: path.join('.'),
          message: 'holds a NUL character or a lone surrogate',
        }
      : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (path.length >= MAX_JSON_DEPTH) {
    return { kind: 'too_deep', path: path.join('.'), message: `nests deeper than ${MAX_JSON_DEPTH} levels` };
  }
  for (const [key, item] of Object.entries(value)) {
    const here = [...path, Array.isArray(value) ? Number(key) : key];
    if (UNSTORABLE.test(key)) {
      return {
        kind: 'unstorable_text',
        path: here.join('.'),
        message: 'has a name with a NUL character or a lone surrogate',
      };
    }
    const problem = findJsonProblem(item, here);
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
