// Imports through the admin API: the file is sent with XMLHttpRequest (upload progress) and the dry
// run's answer read as progress lines while it streams; apply reads its progress lines with fetch.
import {
  type ImportApplied,
  type ImportCheckResult,
  type ImportMode,
  PROGRESS_MEDIA_TYPE,
} from '#shared/admin/admin-api';
import type { ApiErrorBody } from '#shared/api-error';
import { apiPaths } from '#shared/api-paths';
import { AdminApiError, adminFetch, errorFromBody, errorOf } from './admin-fetch';
import { type OnProgress, progressLineReader } from './progress-lines';

export type ImportFormat = 'ndjson' | 'json' | 'csv';
export type ImportOutcome = ImportCheckResult & { applied: ImportApplied | null };

/** The format a file's name suggests, or undefined. */
export function formatOfFile(name: string): ImportFormat | undefined {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'ndjson' || extension === 'jsonl') return 'ndjson';
  if (extension === 'json' || extension === 'csv') return extension;
  return undefined;
}

/**
 * Sends `file` for a dry run, or with `apply` to check and apply it in one request; rejects with an
 * AdminApiError (code `aborted` when `signal` aborts).
 */
export function checkImport(
  source: string,
  file: Blob,
  format: ImportFormat,
  onProgress: OnProgress,
  signal?: AbortSignal,
  apply?: ImportMode,
): Promise<ImportOutcome> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const reader = progressLineReader<ImportOutcome>(onProgress);
    let seen = 0;
    const streamed = () => xhr.getResponseHeader('Content-Type')?.startsWith(PROGRESS_MEDIA_TYPE) === true;
    const readNew = () => {
      if (xhr.status !== 200 || !streamed()) return;
      reader.push(xhr.responseText.slice(seen));
      seen = xhr.responseText.length;
    };
    const query = new URLSearchParams({ format, ...(apply && { apply }) });
    xhr.open('POST', `${apiPaths.admin.imports(source)}?${query}`);
    xhr.setRequestHeader('Accept', PROGRESS_MEDIA_TYPE);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) =>
      onProgress({ phase: 'upload', done: event.loaded, total: event.total });
    xhr.onprogress = readNew;
    xhr.onload = () => {
      if (xhr.status !== 200 || !streamed()) {
        let body: ApiErrorBody | null = null;
        try {
          body = JSON.parse(xhr.responseText) as ApiErrorBody;
        } catch {}
        reject(errorFromBody(xhr.status, body, xhr.statusText));
        return;
      }
      try {
        readNew();
        resolve(reader.end());
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () =>
      reject(new AdminApiError(0, 'network', 'The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new AdminApiError(0, 'aborted', 'The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Applies a checked upload all or nothing, reporting the server's progress lines. */
export async function applyImport(
  id: string,
  mode: ImportMode,
  onProgress: OnProgress,
): Promise<ImportOutcome> {
  let response: Response;
  try {
    response = await fetch(apiPaths.admin.importUpload(id), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: PROGRESS_MEDIA_TYPE },
      body: JSON.stringify({ mode }),
    });
  } catch (error) {
    throw new AdminApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok || !response.body) throw await errorOf(response);
  const reader = progressLineReader<ImportOutcome>(onProgress);
  const text = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await text.read();
    if (done) break;
    reader.push(value);
  }
  return reader.end();
}

export const cancelImport = (id: string) =>
  adminFetch<void>(apiPaths.admin.importUpload(id), { method: 'DELETE' });

export const undoImport = (source: string) =>
  adminFetch<{ restored: number; removed: number }>(apiPaths.admin.undoImport(source), { method: 'POST' });
