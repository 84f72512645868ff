// Reading a JSON request body safely: a byte cap (413) before anything is read, then JSON, nesting
// and storable text (json-text.ts), then zod (400 with field-level issues), all in the house error shape.
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { apiError, invalidBody } from './http-error';
import { findJsonProblem, withStorableText } from './json-text';

/** Of a refused body sent without a length, this much more is read and dropped before answering. */
const DISCARD_BYTES = 8 * 1024 * 1024;

/**
 * Refuses bodies over `maxBytes` with 413 `too_large`; `what` names the request in the message.
 * The connection stays usable: a body refused by its declared length is never touched, so the
 * server discards it; one sent in chunks is read to its end (up to DISCARD_BYTES) before the answer.
 */
export function limitBody(maxBytes: number, what: string): MiddlewareHandler {
  return async (c, next) => {
    const refuse = () => apiError(c, 413, 'too_large', `${what} may hold at most ${maxBytes} bytes.`);
    const declared = c.req.header('Content-Length');
    if (declared !== undefined && c.req.header('Transfer-Encoding') === undefined) {
      return Number(declared) > maxBytes ? refuse() : next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.length;
      if (size > maxBytes + DISCARD_BYTES) {
        c.header('Connection', 'close');
        return refuse();
      }
      if (size <= maxBytes) chunks.push(read.value);
    }
    if (size > maxBytes) return refuse();
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
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
