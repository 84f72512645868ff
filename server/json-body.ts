// Request bodies, refused one way and in the house error shape: over the route's byte cap (413)
// before anything is read, of another media type (415), then through hono's validator: a body
// that does not parse (400 invalid_json), nests too deep or holds unstorable text (json-text.ts), or
// does not match the route's schema (400 invalid_body, naming each field).
import type { Context, Env, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { validator } from 'hono/validator';
import { z } from 'zod/mini';
import { apiError, invalidBody } from './http-error';
import { findJsonProblem, type TextPolicy, withStorableText } from './json-text';

/** Of a refused body sent without a length, this much more is read and dropped before answering. */
const DISCARD_BYTES = 8 * 1024 * 1024;

export interface BodyOptions {
  maxBytes: number;
  /** Names the request in the 413 message, e.g. "A message". */
  what: string;
}

export interface JsonBodyOptions extends BodyOptions {
  /** Read as JSON whatever the media type, instead of 415 (navigator.sendBeacon posts text/plain). */
  anyMediaType?: boolean;
  text?: TextPolicy;
}

/** What a route's handler reads with `c.req.valid(target)`. */
type Validated<Target extends 'json' | 'form', Out> = { out: { [K in Target]: Out } };

interface BodyKind {
  target: 'json' | 'form';
  mediaType: string;
  /** The media types hono's validator parses for this target, which are all this kind accepts. */
  accepts: RegExp;
  unparsable: { code: string; message: string };
}

const JSON_KIND: BodyKind = {
  target: 'json',
  mediaType: 'application/json',
  accepts: /^application\/([\w.-]+\+)?json$/,
  unparsable: { code: 'invalid_json', message: 'The request body is not JSON.' },
};
const FORM_KIND: BodyKind = {
  target: 'form',
  mediaType: 'application/x-www-form-urlencoded',
  accepts: /^application\/x-www-form-urlencoded$/,
  unparsable: { code: 'invalid_form', message: 'The request body is not a form.' },
};

// A function of its own, not a closure made per request: run from source (tsx), every named
// closure is also given its name at run time.
function tooLarge(c: Context, maxBytes: number, what: string) {
  return apiError(c, 413, 'too_large', `${what} may hold at most ${maxBytes} bytes.`);
}

/**
 * The 413 for a body over `maxBytes`, else undefined. The connection stays usable: a body refused by
 * its declared length is never touched, so the server discards it; one sent in chunks is read to its
 * end (up to DISCARD_BYTES) before the answer, and what fits is kept for the handler.
 */
async function refuseOversized(c: Context, maxBytes: number, what: string): Promise<Response | undefined> {
  const declared = c.req.header('Content-Length');
  if (declared !== undefined && c.req.header('Transfer-Encoding') === undefined) {
    return Number(declared) > maxBytes ? tooLarge(c, maxBytes, what) : undefined;
  }
  const body = c.req.raw.body;
  if (!body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > maxBytes + DISCARD_BYTES) {
      c.header('Connection', 'close');
      return tooLarge(c, maxBytes, what);
    }
    if (size <= maxBytes) chunks.push(read.value);
  }
  if (size > maxBytes) return tooLarge(c, maxBytes, what);
  c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
  return undefined;
}

/** Only the byte cap, for bodies another parser reads (GraphQL). */
export function limitBody(maxBytes: number, what: string): MiddlewareHandler {
  return async (c, next) => (await refuseOversized(c, maxBytes, what)) ?? next();
}

/**
 * `schema` behind what must hold before zod walks a body and the database stores it: nesting within
 * bounds and storable text, refused as issues of the field, or (`text: 'repair'`) repaired.
 */
function guarded<S extends z.core.$ZodType>(schema: S, text: TextPolicy) {
  const storable = z.pipe(
    z.unknown().check(
      z.superRefine((value, ctx) => {
        const problem = findJsonProblem(value, text);
        if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
      }),
    ),
    z.transform((value) => (text === 'repair' ? withStorableText(value) : value)),
  );
  return z.pipe(storable, schema);
}

function validatedBody(kind: BodyKind, schema: z.core.$ZodType, options: JsonBodyOptions): MiddlewareHandler {
  // Synchronously: no body schema refines asynchronously, and the asynchronous parse costs more.
  const validate = validator(kind.target, (value, c) => {
    const result = z.safeParse(schema, value);
    return result.success ? result.data : invalidBody(c, result.error);
  });
  return async (c, next) => {
    const oversized = await refuseOversized(c, options.maxBytes, options.what);
    if (oversized) return oversized;
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!kind.accepts.test(type)) {
      if (!options.anyMediaType) {
        return apiError(c, 415, 'unsupported_media_type', `Send the body as ${kind.mediaType}.`);
      }
      // The validator parses only what is labelled as its media type.
      const headers = new Headers(c.req.raw.headers);
      headers.set('Content-Type', kind.mediaType);
      c.req.raw = new Request(c.req.raw, { headers });
    }
    let validated = false;
    try {
      return await validate(c, () => {
        validated = true;
        return next();
      });
    } catch (error) {
      // The validator throws an HTTPException for a body that does not parse; later handlers' errors pass.
      if (validated || !(error instanceof HTTPException)) throw error;
      return apiError(c, 400, kind.unparsable.code, kind.unparsable.message);
    }
  };
}

/** A JSON body checked against `schema`; the handler reads it with `c.req.valid('json')`. */
export function jsonBody<S extends z.core.$ZodType>(
  schema: S,
  options: JsonBodyOptions,
): MiddlewareHandler<Env, string, Validated<'json', z.output<S>>> {
  return validatedBody(JSON_KIND, guarded(schema, options.text ?? 'refuse'), options);
}

/** A URL-encoded form checked against `schema`; the handler reads it with `c.req.valid('form')`. */
export function formBody<S extends z.core.$ZodType>(
  schema: S,
  options: BodyOptions,
): MiddlewareHandler<Env, string, Validated<'form', z.output<S>>> {
  return validatedBody(FORM_KIND, guarded(schema, 'refuse'), options);
}
