// A response body that never changes while the process runs (the public config, a locale's
// messages), compressed once per encoding instead of on every request, with an ETag so a browser
// that has it gets a 304. The compression middleware leaves such responses alone.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { type HeaderRecord, plainResponse } from './plain-response';

export interface Precompressed {
  etag: string;
  contentType: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * `effort`: `max` for a body made once per process or per change (the smallest bytes, about a tenth
 * of a second for 65 KB); `fast` for one a caller's choice can make anew (the compression
 * middleware's levels), so that asking for new ones costs a caller what any request costs.
 */
export function precompress(
  text: string,
  contentType: string,
  effort: 'max' | 'fast' = 'max',
): Precompressed {
  const identity = Buffer.from(text);
  const max = effort === 'max';
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    contentType,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: max ? 11 : 5 } }),
    gzip: gzipSync(identity, { level: max ? 9 : 6 }),
  };
}

/** Whether the request's If-None-Match names `etag`: the client already holds that body. */
export function holdsEtag(c: Context, etag: string): boolean {
  return (
    c.req
      .header('If-None-Match')
      ?.split(/\s*,\s*/)
      .includes(etag) ?? false
  );
}

/**
 * Answers with the best encoding the client accepts, or 304 when it already holds this body; with
 * `headers` (lower-case names) beside its own.
 */
export function sendPrecompressed(c: Context, body: Precompressed, headers: HeaderRecord = {}): Response {
  const answer: HeaderRecord = { etag: body.etag, vary: 'Accept-Encoding' };
  for (const name in headers) answer[name] = headers[name]!;
  if (holdsEtag(c, body.etag)) return plainResponse(c, null, 304, answer);
  const accepted = c.req.header('Accept-Encoding') ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  answer['content-type'] = body.contentType;
  if (encoding) answer['content-encoding'] = encoding;
  return plainResponse(c, encoding ? body[encoding] : body.identity, 200, answer);
}
