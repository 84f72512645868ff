// Responses whose headers stay a plain record from the route to the socket. @hono/node-server hands
// such a record to Node as it is; headers set with Hono's c.header() are an undici Headers instead,
// validated, sorted and copied into a record again on every request (a quarter to a third of the
// CPU of a small answer). The security headers are put in the record when it is made, and the app's
// middleware read a plain response's record instead of `response.headers`, which would turn it into
// a Headers again.
import type { Context } from 'hono';

/** Header names in lower case, as Node and undici give them, so that one name is one key. */
export type HeaderRecord = Record<string, string>;

/** Where the security headers middleware leaves its record for the request's plain response. */
const BASE_HEADERS = 'plainResponseBaseHeaders';
const RECORD = Symbol('plain response headers');
const BODY = Symbol('plain response body');

type PlainResponse = Response & { [RECORD]?: HeaderRecord; [BODY]?: string | Uint8Array | null };

/** Headers every plain response of this request carries, under the route's own (middleware/security-headers.ts). */
export function setBaseHeaders(c: Context, headers: HeaderRecord) {
  c.set(BASE_HEADERS, headers);
}

/**
 * A response with `headers` and the request's base headers, answered without a Headers object.
 * Headers set before with c.header() are not in it (Hono keeps those apart): name them all here.
 */
export function plainResponse(
  c: Context,
  body: string | Uint8Array | null,
  status: number,
  headers: HeaderRecord,
): Response {
  const base = c.get(BASE_HEADERS) as HeaderRecord | undefined;
  // Copied name by name into a new object: V8 takes a slow path for `{ ...base, ...headers }`, some
  // µs a response, where this costs a fraction of one.
  const record: HeaderRecord = {};
  for (const name in base) record[name] = base[name]!;
  for (const name in headers) record[name] = headers[name]!;
  const response: PlainResponse = new Response(body as BodyInit | null, { status, headers: record });
  response[RECORD] = record;
  response[BODY] = body;
  return response;
}

/** The headers a plain response was made with (read them, never change them), or undefined. */
export function plainHeaders(response: Response): Readonly<HeaderRecord> | undefined {
  return (response as PlainResponse)[RECORD];
}

/**
 * The byte length of a plain response's body (0 without one), or undefined for another response.
 * The compression middleware reads it instead of a Content-Length header, which a plain response
 * leaves to @hono/node-server.
 */
export function plainBodyLength(response: Response): number | undefined {
  if (!(BODY in response)) return undefined;
  const body = (response as PlainResponse)[BODY];
  if (typeof body === 'string') return Buffer.byteLength(body);
  return body ? body.byteLength : 0;
}
