// Splits a byte stream into lines (LF; a CR before it stays in the line), holding no more than one
// line: a line longer than MAX_RECORD_BYTES is reported as soon as it crosses it and skipped to its end
// unread, and a line that is not valid UTF-8 is reported rather than decoded with replacements.
import { isUtf8 } from 'node:buffer';
import { MAX_RECORD_BYTES, overRecordLimit } from './import-limits';

/** A line's bytes (valid UTF-8, without its LF), or why it was refused; `line` counts from 1. */
export type Utf8Line = { line: number; bytes: Buffer } | { line: number; error: string };

const LF = 0x0a;

export async function* utf8Lines(chunks: AsyncIterable<Buffer>): AsyncGenerator<Utf8Line> {
  const tooLong = (line: number): Utf8Line => ({ line, error: overRecordLimit('line') });
  const checked = (line: number, bytes: Buffer): Utf8Line =>
    isUtf8(bytes) ? { line, bytes } : { line, error: 'not valid UTF-8' };
  let line = 1;
  // The current line's bytes from earlier chunks; `skipping` once it crossed the limit.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(LF); end >= 0; end = chunk.indexOf(LF, start)) {
      if (!skipping) {
        const piece = chunk.subarray(start, end);
        if (pendingBytes + piece.length > MAX_RECORD_BYTES) yield tooLong(line);
        else yield checked(line, pending.length > 0 ? Buffer.concat([...pending, piece]) : piece);
      }
      pending = [];
      pendingBytes = 0;
      skipping = false;
      line += 1;
      start = end + 1;
    }
    if (skipping || start === chunk.length) continue;
    pendingBytes += chunk.length - start;
    if (pendingBytes > MAX_RECORD_BYTES) {
      skipping = true;
      pending = [];
      yield tooLong(line);
    } else {
      pending.push(chunk.subarray(start));
    }
  }
  if (!skipping && pendingBytes > 0) yield checked(line, Buffer.concat(pending));
}
