// The built client's files, kept in memory after their first read with their precompressed siblings
// (`.br`, `.gz`, written by the build), so that serving one costs no file I/O: hashed assets never
// change, and any other file (index.html, sw.js, …) costs one stat per request to see a deployment
// replace it.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { type FileHandle, open, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import type { AcceptedEncodings, Encoding } from './content-negotiation';

/** In order of preference, with the suffix of the build's sibling. */
const SIBLINGS: readonly (readonly [Encoding, string])[] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/** Types whose siblings are looked for; the build writes them for text files of 1 KB or more. */
const COMPRESSIBLE =
  /^(text\/|image\/svg\+xml|application\/(javascript|json|xml|wasm|manifest\+json|[\w.-]+\+(json|xml)))/;

/** One body the server can send for a file: the file itself or one of its precompressed siblings. */
export interface Representation {
  /** The file's path under the root, `/`-separated, without the sibling's suffix. */
  name: string;
  /** Where the body is on disk: the file or its sibling. */
  path: string;
  contentType: string;
  encoding: Encoding | undefined;
  /** Whether the file has siblings, so that the body sent depends on Accept-Encoding. */
  negotiated: boolean;
  /** Strong, from this body's own bytes; weak for a file the compression middleware may encode. */
  etag: string;
  /** Epoch milliseconds: the newer of the file's and this sibling's modification times. */
  modified: number;
  size: number;
  /** The bytes, or undefined for a body over `maxFileBytes`, read from disk for each request. */
  bytes: Buffer | undefined;
}

export interface StoreLimits {
  /** A body larger than this is not kept but read from disk for each request. */
  maxFileBytes: number;
  /** Kept bodies beyond this total push out the least recently served files. */
  maxKeptBytes: number;
}

// Source maps, the largest files of the build, are up to 3 MB, and the whole build is about 12 MB
// with them: all of it fits, and the total bounds what a build with more or larger files can take.
export const DEFAULT_LIMITS: StoreLimits = { maxFileBytes: 8 * 2 ** 20, maxKeptBytes: 64 * 2 ** 20 };

/** What says that a file on disk is still the one read: a replaced or rewritten file changes one. */
interface Stamp {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

interface Variant {
  representation: Representation;
  stamp: Stamp;
}

interface Entry {
  identity: Variant;
  /** In order of preference. */
  siblings: Variant[];
  /** Whether each request checks the files on disk: all but hashed assets kept in memory. */
  checked: boolean;
  keptBytes: number;
}

/** Whether a path is under `assets/`, where the build puts files named by their content's hash. */
export function hashedAsset(path: string): boolean {
  return /(^|\/)assets\//.test(path);
}

/**
 * The file a request path names, relative to the root, or undefined for a path that could name
 * another one. Hono has decoded the path's escapes but those of reserved characters and `%25`: a `%`
 * left could turn into `/` or `..` if decoded again, so such a path names no file (as for
 * serveStatic); neither does one with an empty, `.` or `..` segment, a backslash or a NUL.
 */
export function relativeFilePath(requestPath: string): string | undefined {
  if (requestPath[0] !== '/' || /[%\\\0]/.test(requestPath)) return undefined;
  const relative = requestPath.slice(1);
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') return undefined;
  }
  return relative;
}

function stampOf(stats: Stamp): Stamp {
  return { ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs };
}

/** A synchronous stat: for a file in the kernel's cache it costs less than a round trip to the thread pool. */
function unchanged({ representation, stamp }: Variant): boolean {
  try {
    const now = statSync(representation.path, { throwIfNoEntry: false });
    return (
      now !== undefined &&
      now.ino === stamp.ino &&
      now.size === stamp.size &&
      now.mtimeMs === stamp.mtimeMs &&
      now.ctimeMs === stamp.ctimeMs
    );
  } catch {
    return false;
  }
}

const digestOf = (hash: ReturnType<typeof createHash>) => hash.digest('base64url').slice(0, 22);

async function streamedDigest(handle: FileHandle): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of handle.createReadStream({ start: 0, autoClose: false })) hash.update(chunk);
  return digestOf(hash);
}

interface FileRead {
  stamp: Stamp;
  bytes: Buffer | undefined;
  size: number;
  digest: string;
}

/**
 * A file whose real path (symbolic links followed) starts with `under`, the root's with a trailing
 * separator; undefined when missing, outside or not a file.
 */
async function readFileUnder(path: string, under: string, maxBytes: number): Promise<FileRead | undefined> {
  let handle: FileHandle;
  try {
    if (!(await realpath(path)).startsWith(under)) return undefined;
    handle = await open(path);
  } catch {
    return undefined;
  }
  try {
    // Stat before reading: a write after the stat changes the file's stamp, so it is read again.
    const stats = await handle.stat();
    if (!stats.isFile()) return undefined;
    const stamp = stampOf(stats);
    if (stats.size > maxBytes) {
      return { stamp, bytes: undefined, size: stats.size, digest: await streamedDigest(handle) };
    }
    const bytes = await handle.readFile();
    return { stamp, bytes, size: bytes.byteLength, digest: digestOf(createHash('sha256').update(bytes)) };
  } finally {
    await handle.close();
  }
}

export interface StaticFileStore {
  /**
   * The body to send for a request path: the file's best sibling the client accepts, or the file.
   * Undefined when there is no such file under the root; at once when it is kept and unchanged.
   */
  find(
    requestPath: string,
    accepted: AcceptedEncodings,
  ): Representation | undefined | Promise<Representation | undefined>;
}

export function createStaticFileStore(root: string, limits: StoreLimits = DEFAULT_LIMITS): StaticFileStore {
  /** In order of last use, least recent first. Missing files are never kept: each costs a lookup. */
  const kept = new Map<string, Entry>();
  let keptBytes = 0;
  /** Reads under way, so that requests arriving together for a file share one. */
  const loading = new Map<string, Promise<Entry | undefined>>();

  async function load(name: string): Promise<Entry | undefined> {
    const realRoot = await realpath(root).catch(() => undefined);
    if (realRoot === undefined) return undefined;
    const under = realRoot.endsWith(sep) ? realRoot : realRoot + sep;
    const path = join(root, name);
    const file = await readFileUnder(path, under, limits.maxFileBytes);
    if (!file) return undefined;
    const contentType = getMimeType(name) ?? 'application/octet-stream';
    const compressible = COMPRESSIBLE.test(contentType);
    const siblings = compressible
      ? await Promise.all(
          SIBLINGS.map(async ([encoding, suffix]) => {
            const read = await readFileUnder(path + suffix, under, limits.maxFileBytes);
            return read && { encoding, path: path + suffix, read };
          }),
        )
      : [];
    const found = siblings.filter((sibling) => sibling !== undefined);
    const negotiated = found.length > 0;
    const variant = (read: FileRead, encoding: Encoding | undefined, at: string): Variant => ({
      stamp: read.stamp,
      representation: {
        name,
        path: at,
        contentType,
        encoding,
        negotiated,
        // Each body its own tag. A file without siblings that the compression middleware may encode
        // on the fly gets a weak one (as nginx does): that middleware keeps the header as it is.
        etag: compressible && !negotiated ? `W/"${read.digest}"` : `"${read.digest}"`,
        modified: Math.max(file.stamp.mtimeMs, read.stamp.mtimeMs),
        size: read.size,
        bytes: read.bytes,
      },
    });
    const identity = variant(file, undefined, path);
    const variants = found.map(({ encoding, path, read }) => variant(read, encoding, path));
    const all = [identity, ...variants];
    return {
      identity,
      siblings: variants,
      checked: !hashedAsset(name) || all.some((v) => v.representation.bytes === undefined),
      keptBytes: all.reduce((sum, v) => sum + (v.representation.bytes?.byteLength ?? 0), 0),
    };
  }

  function keep(name: string, entry: Entry) {
    kept.set(name, entry);
    keptBytes += entry.keptBytes;
    for (const [oldest, old] of kept) {
      if (keptBytes <= limits.maxKeptBytes || oldest === name) break;
      kept.delete(oldest);
      keptBytes -= old.keptBytes;
    }
  }

  function forget(name: string) {
    const entry = kept.get(name);
    if (!entry) return;
    kept.delete(name);
    keptBytes -= entry.keptBytes;
  }

  function loadOnce(name: string): Promise<Entry | undefined> {
    let pending = loading.get(name);
    if (!pending) {
      pending = load(name)
        .then((entry) => {
          if (entry) keep(name, entry);
          return entry;
        })
        .finally(() => loading.delete(name));
      loading.set(name, pending);
    }
    return pending;
  }

  function choose(entry: Entry, accepted: AcceptedEncodings): Variant {
    for (const sibling of entry.siblings) {
      if (accepted[sibling.representation.encoding!]) return sibling;
    }
    return entry.identity;
  }

  return {
    find(requestPath, accepted) {
      const name = relativeFilePath(requestPath);
      if (name === undefined) return undefined;
      const entry = kept.get(name);
      if (entry) {
        const chosen = choose(entry, accepted);
        // Only the file sent is checked: each body has its own ETag, so a sibling still on disk is
        // still right to send with its own, whatever became of the file beside it.
        if (!entry.checked || unchanged(chosen)) {
          // Last in the map's order: the most recently served.
          kept.delete(name);
          kept.set(name, entry);
          return chosen.representation;
        }
        forget(name);
      }
      return loadOnce(name).then((loaded) => loaded && choose(loaded, accepted).representation);
    },
  };
}
