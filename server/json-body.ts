// Reading a JSON request body safely: a byte cap (413) before anything is read, then JSON, nesting
// and storable text (json-text.ts), then zod (400 with field-level issues), all in the house error shape.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { apiError, invalidBody } from './http-error';
import { findJsonProblem, withStorableText } from './json-text';

/** Refuses bodies over `maxBytes` with 413 `too_large`; `what` names the request in the message. */
export function limitBody(maxBytes: number, what: string): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => apiError(c, 413, 'too_large', `${what} may hold at most ${maxBytes} bytes.`),
  });
}

/**
 * Parses the body as JSON (whatever its content type) and validates it; `schema` may depend on the
 * raw value, e.g. to accept one item or an array of them with precise issues for each shape.
 */
export async function parseJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S | ((raw: unknown) => S),
  /** `repair` replaces NUL and lone surrogates with U+FFFD instead of refusing the body (for logs). */
  { text = 'refuse' }: { text?: 'refuse' | 'repair' } = {},
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { ok: false, response: apiError(c, 400, 'invalid_json', 'The request body is not JSON.') };
  }
  const problem = findJsonProblem(raw);
  if (problem?.kind === 'unstorable_text' && text === 'repair') raw = withStorableText(raw);
  else if (problem) {
    const issues = [{ path: problem.path, message: problem.message }];
    return {
      ok: false,
      response: apiError(c, 400, 'invalid_body', 'The request body is not valid.', issues),
    };
  }
  const parsed = (typeof schema === 'function' ? schema(raw) : schema).safeParse(raw);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, response: invalidBody(c, parsed.error) };
}
