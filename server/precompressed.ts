// A response body that never changes while the process runs (the public config, a locale's
// messages), compressed once per encoding instead of on every request, with an ETag so a browser
// that has it gets a 304; and one that changes now and then (a user's backup snapshot), each
// encoding compressed the first time a request asks for it. The compression middleware leaves such
// responses alone.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { type Encoding, ifNoneMatchHolds, preferredEncoding } from './content-negotiation';
import { type HeaderRecord, plainResponse } from './plain-response';

export interface Precompressed {
  etag: string;
  contentType: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

type Effort = 'max' | 'fast';
const brotliOptions = (effort: Effort) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 5 },
});
const gzipOptions = (effort: Effort) => ({ level: effort === 'max' ? 9 : 6 });
const etagOf = (identity: Buffer) =>
  `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`;

/**
 * `effort`: `max` for a body made once per process or per change (the smallest bytes, about a tenth
 * of a second for 65 KB); `fast` for one a caller's choice can make anew (the compression
 * middleware's levels), so that asking for new ones costs a caller what any request costs.
 */
export function precompress(text: string, contentType: string, effort: Effort = 'max'): Precompressed {
  const identity = Buffer.from(text);
  return {
    etag: etagOf(identity),
    contentType,
    identity,
    br: brotliCompressSync(identity, brotliOptions(effort)),
    gzip: gzipSync(identity, gzipOptions(effort)),
  };
}

const brotliOffThread = promisify(brotliCompress);
const gzipOffThread = promisify(gzip);

/** As precompress, compressed on libuv's thread pool: for a body made while other requests wait. */
export async function precompressOffThread(
  text: string,
  contentType: string,
  effort: Effort = 'max',
): Promise<Precompressed> {
  const identity = Buffer.from(text);
  const [br, gzipped] = await Promise.all([
    brotliOffThread(identity, brotliOptions(effort)),
    gzipOffThread(identity, gzipOptions(effort)),
  ]);
  return { etag: etagOf(identity), contentType, identity, br, gzip: gzipped };
}

/** Whether the request's If-None-Match names `etag`: the client already holds that body. */
export function holdsEtag(c: Context, etag: string): boolean {
  return ifNoneMatchHolds(c.req.header('If-None-Match'), etag);
}

/**
 * Answers with the best encoding the client accepts, or 304 when it already holds this body; with
 * `headers` (lower-case names) beside its own.
 */
export function sendPrecompressed(
  c: Context,
  body: Precompressed,
  headers: HeaderRecord = {},
  status = 200,
): Response {
  const answer: HeaderRecord = { etag: body.etag, vary: 'Accept-Encoding' };
  for (const name in headers) answer[name] = headers[name]!;
  if (holdsEtag(c, body.etag)) return plainResponse(c, null, 304, answer);
  const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
  answer['content-type'] = body.contentType;
  if (encoding) answer['content-encoding'] = encoding;
  return plainResponse(c, encoding ? body[encoding] : body.identity, status, answer);
}

/** A body kept until it changes, each encoding compressed once, off the event loop, when first asked for. */
export interface CompressedOnDemand {
  contentType: string;
  identity: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

/** With the compression middleware's effort: a caller's change makes the body anew. */
export function compressOnDemand(text: string, contentType: string): CompressedOnDemand {
  const identity = Buffer.from(text);
  const encodings: Partial<Record<Encoding, Promise<Buffer>>> = {};
  return {
    contentType,
    identity,
    encoded(encoding) {
      encodings[encoding] ??=
        encoding === 'br'
          ? brotliOffThread(identity, brotliOptions('fast'))
          : gzipOffThread(identity, gzipOptions('fast'));
      return encodings[encoding];
    },
  };
}

/** Answers `body` in the best encoding the client accepts, with `headers` (lower-case names) beside its own. */
export async function sendCompressedOnDemand(
  c: Context,
  body: CompressedOnDemand,
  headers: HeaderRecord,
): Promise<Response> {
  const answer: HeaderRecord = { vary: 'Accept-Encoding', 'content-type': body.contentType };
  for (const name in headers) answer[name] = headers[name]!;
  const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) return plainResponse(c, body.identity, 200, answer);
  answer['content-encoding'] = encoding;
  return plainResponse(c, await body.encoded(encoding), 200, answer);
}
