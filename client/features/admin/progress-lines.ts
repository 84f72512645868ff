// Reads an answer streamed as PROGRESS_MEDIA_TYPE lines: progress lines go to `onProgress` as they
// arrive, and the last line is the result (or an error, thrown as an AdminApiError).
import type { ProgressLine } from '#shared/admin/admin-api';
import { AdminApiError } from './admin-fetch';

export interface Progress {
  /** `upload` while the file is sent; then the server's phases (e.g. `check`, `write`). */
  phase: string;
  done: number;
  total: number;
}

export type OnProgress = (progress: Progress) => void;

export function progressLineReader<T>(onProgress: OnProgress) {
  let pending = '';
  let outcome: { result: T } | { error: { code: string; message: string } } | undefined;
  const line = (text: string) => {
    if (text.trim() === '') return;
    const parsed = JSON.parse(text) as ProgressLine<T>;
    if ('progress' in parsed) onProgress(parsed.progress);
    else outcome = parsed;
  };
  return {
    /** Text received so far, in order; may end mid-line. */
    push(text: string) {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const each of lines) line(each);
    },
    /** The result once the answer has ended. */
    end(): T {
      line(pending);
      pending = '';
      if (!outcome)
        throw new AdminApiError(0, 'incomplete', 'The server stopped answering before it finished.');
      if ('error' in outcome) throw new AdminApiError(200, outcome.error.code, outcome.error.message);
      return outcome.result;
    },
  };
}
