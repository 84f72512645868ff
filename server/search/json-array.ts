// Reads a JSON array one element at a time with @streamparser/json, holding no more than one element:
// an element larger than MAX_RECORD_BYTES, or anything that is not JSON, ends the reading with that
// error (past a syntax error nothing tells where the next element starts).
import { type ParsedTokenInfo, Tokenizer, TokenParser, TokenType } from '@streamparser/json';
import { MAX_RECORD_BYTES, overRecordLimit } from './import-limits';

/** An element and its position (from 1), or why reading stopped there (0: the file as a whole). */
export type JsonArrayElement = { position: number; value: unknown } | { position: number; error: string };

class NotAnArray extends Error {}

function reason(error: unknown): string {
  if (error instanceof NotAnArray) return 'a JSON import file must hold an array of records';
  // The tokenizer decodes strings with a fatal TextDecoder.
  if ((error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') return 'not valid UTF-8';
  return `not valid JSON (${(error as Error).message})`;
}

export async function* readJsonArray(chunks: AsyncIterable<Buffer>): AsyncGenerator<JsonArrayElement> {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ['$.*'], keepStack: false });
  const parsed: unknown[] = [];
  let started = false;
  let depth = 0;
  // Where the current element's bytes begin: after the array's `[` or the last `,` between elements.
  let elementStart = 0;
  let read = 0;
  let position = 0;
  tokenizer.onToken = (info: ParsedTokenInfo) => {
    if (!started && info.token !== TokenType.LEFT_BRACKET) throw new NotAnArray();
    started = true;
    if (info.token === TokenType.LEFT_BRACE || info.token === TokenType.LEFT_BRACKET) depth += 1;
    else if (info.token === TokenType.RIGHT_BRACE || info.token === TokenType.RIGHT_BRACKET) depth -= 1;
    if (depth === 1 && (info.token === TokenType.COMMA || info.token === TokenType.LEFT_BRACKET)) {
      elementStart = info.offset + 1;
    }
    parser.write(info);
  };
  parser.onValue = ({ value }) => parsed.push(value);
  const attempt = (write: () => void): { error: unknown } | undefined => {
    try {
      write();
    } catch (error) {
      return { error };
    }
  };
  let failure: { error: unknown } | undefined;
  for await (const chunk of chunks) {
    failure = attempt(() => tokenizer.write(chunk));
    read += chunk.length;
    // Elements completed before an error in the same chunk still come first.
    for (const value of parsed.splice(0)) yield { position: ++position, value };
    if (failure) break;
    // Checked between chunks: the tokenizer itself would gather a huge string whole.
    if (depth > 0 && read - elementStart > MAX_RECORD_BYTES) {
      yield {
        position: position + 1,
        error: `${overRecordLimit('record')}; the rest of the file was not read`,
      };
      return;
    }
  }
  failure ??= attempt(() => tokenizer.end());
  if (failure) {
    const { error } = failure;
    yield {
      position: error instanceof NotAnArray ? 0 : position + 1,
      error: `${reason(error)}; the rest of the file was not read`,
    };
  } else if (started && !parser.isEnded) {
    yield { position: position + 1, error: 'the file ends before the array is closed' };
  }
}
