// Serves the built SPA from memory (static-file-store.ts): hashed assets cached forever, everything
// else revalidated (304 for a body the client holds), the precompressed sibling the client accepts,
// and client-side routes falling back to index.html (the client renders its own 404).
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { acceptedEncodings, ifNoneMatchHolds } from '../content-negotiation';
import { type HeaderRecord, plainResponse } from '../plain-response';
import {
  createStaticFileStore,
  hashedAsset,
  type Representation,
  type StoreLimits,
} from '../static-file-store';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(path: string): string {
  return hashedAsset(path) ? IMMUTABLE : 'no-cache';
}

function looksLikeNavigation(path: string, accept: string | undefined): boolean {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || (accept ?? '').includes('text/html');
}

function notModified(c: Context, representation: Representation): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) return ifNoneMatchHolds(ifNoneMatch, representation.etag);
  // HTTP dates have whole seconds; NaN (no header, or not a date) compares false.
  const since = Date.parse(c.req.header('If-Modified-Since') ?? '');
  return since >= Math.floor(representation.modified / 1000) * 1000;
}

interface Answers {
  ok: HeaderRecord;
  notModified: HeaderRecord;
}

/** Applies `next` to a value at hand at once, to a pending one when it comes. */
function then<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** `limits`: how much of the build is kept in memory, DEFAULT_LIMITS of static-file-store.ts unless given. */
export function staticFiles(staticDir: string, limits?: StoreLimits) {
  const store = createStaticFileStore(resolve(staticDir), limits);
  // Made once per body: a kept file's answer is then its bytes and a record made beforehand.
  const answers = new WeakMap<Representation, Answers>();

  function answersFor(representation: Representation): Answers {
    let made = answers.get(representation);
    if (!made) {
      const validators: HeaderRecord = {
        etag: representation.etag,
        'cache-control': cacheControlFor(representation.name),
      };
      if (representation.negotiated) validators.vary = 'Accept-Encoding';
      const ok: HeaderRecord = {
        ...validators,
        'content-type': representation.contentType,
        'content-length': String(representation.size),
        'last-modified': new Date(representation.modified).toUTCString(),
      };
      if (representation.encoding) ok['content-encoding'] = representation.encoding;
      made = { ok, notModified: validators };
      answers.set(representation, made);
    }
    return made;
  }

  function send(c: Context, representation: Representation): Response {
    const headers = answersFor(representation);
    if (notModified(c, representation)) return plainResponse(c, null, 304, headers.notModified);
    if (c.req.method === 'HEAD') return plainResponse(c, null, 200, headers.ok);
    if (representation.bytes) return plainResponse(c, representation.bytes, 200, headers.ok);
    // Too large to keep (static-file-store.ts): streamed from disk in an ordinary response.
    const stream = Readable.toWeb(createReadStream(representation.path)) as ReadableStream<Uint8Array>;
    return c.body(stream, 200, headers.ok);
  }

  const app = new Hono();
  app.get('*', (c) => {
    const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
    return then(store.find(c.req.path, accepted), (file) => {
      if (file) return send(c, file);
      if (!looksLikeNavigation(c.req.path, c.req.header('Accept'))) return c.notFound();
      return then(store.find('/index.html', accepted), (shell) => (shell ? send(c, shell) : c.notFound()));
    });
  });
  return app;
}
