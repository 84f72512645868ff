// Compresses dynamic responses with brotli or gzip (Node's CompressionStream has no brotli).
// Static files arrive already compressed from the build and pass through untouched.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { preferredEncoding } from '../content-negotiation';
import { plainBodyLength, plainHeaders } from '../plain-response';

const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json|graphql)|image\/svg)/;
const MIN_BYTES = 1024;

/** One of the response's headers, from its plain record when it has one (plain-response.ts). */
function header(res: Response, name: string): string | null {
  const plain = plainHeaders(res);
  return plain ? (plain[name] ?? null) : res.headers.get(name);
}

/**
 * The body's declared length, or a plain response's own (it declares none): a small answer such as a
 * session or the index checksums costs more to compress through a stream than its bytes are worth.
 */
function bodyLength(res: Response): number {
  return Number(header(res, 'content-length') ?? plainBodyLength(res) ?? Number.NaN);
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || c.req.method === 'HEAD') return;
    const res = c.res;
    // `body` is read last: reading it turns a response held as bytes into a stream, which Node
    // then sends chunk by chunk, many times slower for a response that is not compressed.
    if (
      header(res, 'content-encoding') !== null ||
      !COMPRESSIBLE.test(header(res, 'content-type') ?? '') ||
      bodyLength(res) < MIN_BYTES ||
      !res.body
    ) {
      return;
    }
    const compressor =
      encoding === 'br'
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : createGzip({ level: 6 });
    const body = Readable.toWeb(
      Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>).pipe(compressor),
    ) as ReadableStream<Uint8Array>;
    // Hono copies the previous response's headers onto a new one, so adjust them after assigning.
    c.res = new Response(body, res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.append('Vary', 'Accept-Encoding');
  };
}
