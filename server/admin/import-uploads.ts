// Import files uploaded through the admin API: streamed from the request body to a file in
// DATA_DIR/imports (the import library reads a file twice), refused past MAX_IMPORT_UPLOAD_BYTES, and
// kept after a clean dry run for an hour so that it can be applied or cancelled. A check that
// rejected records leaves its full rejection report there instead, kept for an hour to download.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportFormat } from '../search/import-file';

/** How long a checked upload waits for apply or cancel. */
export const UPLOAD_KEPT_MS = 60 * 60_000;
/** Checked uploads (and, apart, rejection reports) kept at once; a new one past it forgets the oldest. */
const MAX_KEPT = 4;

export class UploadTooLargeError extends Error {}

export interface Upload {
  id: string;
  source: string;
  format: ImportFormat;
  path: string;
}

/**
 * Files kept an hour under an id, at most MAX_KEPT at once (a new one past it forgets the oldest);
 * `remove` deletes a file that is forgotten rather than taken.
 */
function keptFiles<T>(remove: (value: T) => void) {
  const kept = new Map<string, { value: T; timer: NodeJS.Timeout }>();
  const take = (id: string): T | undefined => {
    const entry = kept.get(id);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    kept.delete(id);
    return entry.value;
  };
  const forget = (id: string): boolean => {
    const value = take(id);
    if (value !== undefined) remove(value);
    return value !== undefined;
  };
  return {
    keep(id: string, value: T) {
      if (kept.size >= MAX_KEPT) forget(kept.keys().next().value!);
      const timer = setTimeout(() => forget(id), UPLOAD_KEPT_MS);
      timer.unref();
      kept.set(id, { value, timer });
    },
    take,
    forget,
    get: (id: string) => kept.get(id)?.value,
  };
}

export function createImportUploads(dataDir: string, maxBytes: number) {
  const folder = join(dataDir, 'imports');
  const reportPath = (id: string) => join(folder, `${id}.rejections.tsv`);

  function discard(upload: Upload) {
    rmSync(upload.path, { force: true });
  }

  const uploads = keptFiles<Upload>(discard);
  const reports = keptFiles<string>((path) => rmSync(path, { force: true }));

  return {
    /** Writes the body to a new file; throws UploadTooLargeError (the file removed) past the limit. */
    async receive(body: ReadableStream<Uint8Array>, source: string, format: ImportFormat): Promise<Upload> {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const id = randomUUID();
      const upload = { id, source, format, path: join(folder, `${id}.${format}`) };
      let size = 0;
      async function* limited(chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > maxBytes) throw new UploadTooLargeError();
          yield chunk;
        }
      }
      try {
        await pipeline(
          Readable.fromWeb(body as never),
          limited,
          createWriteStream(upload.path, { mode: 0o600 }),
        );
      } catch (error) {
        discard(upload);
        throw error;
      }
      return upload;
    },
    /** Keeps a checked upload for apply or cancel. */
    keep: (upload: Upload) => uploads.keep(upload.id, upload),
    /** The kept upload `id`, taken out of the kept ones (the caller discards it when done). */
    take: uploads.take,
    has: (id: string) => uploads.get(id) !== undefined,
    forget: uploads.forget,
    /** Where the check of upload `id` writes its rejection report. */
    reportPath,
    /** Keeps the rejection report of upload `id` to download. */
    keepReport: (id: string) => reports.keep(id, reportPath(id)),
    /** The path of the kept rejection report of upload `id`. */
    report: reports.get,
    discard,
  };
}
