// Every rejection of an import check as a tab-separated file (line TAB reasons, one record a row,
// in file order), written while the check runs so that memory stays the same however many records
// are refused. The check reads the file twice (records, then repeated keys), each pass in file
// order: each pass writes a part of its own, and the two parts are merged at the end.
import { once } from 'node:events';
import { createReadStream, createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Rejection } from './record-validation';

export const REJECTION_REPORT_HEADER = 'line\treasons\n';

/** A row of the report; a tab or line break inside a reason would break the row, so it is a space. */
export const rejectionRow = ({ at, reasons }: Rejection) =>
  `${at}\t${reasons.join('; ').replace(/[\t\r\n]/g, ' ')}\n`;

async function write(stream: WriteStream, text: string) {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function close(stream: WriteStream) {
  stream.end();
  await once(stream, 'close');
}

const rows = (path: string) =>
  createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
const lineOf = (row: string) => Number.parseInt(row, 10);

/** Merges two parts, each in line order, into `path`. */
async function merge(first: string, second: string, path: string) {
  const out = createWriteStream(path, { mode: 0o600 });
  try {
    await write(out, REJECTION_REPORT_HEADER);
    const a = rows(first)[Symbol.asyncIterator]();
    const b = rows(second)[Symbol.asyncIterator]();
    let left = await a.next();
    let right = await b.next();
    while (!left.done || !right.done) {
      const takeLeft = right.done || (!left.done && lineOf(left.value) <= lineOf(right.value));
      await write(out, `${(takeLeft ? left : right).value}\n`);
      if (takeLeft) left = await a.next();
      else right = await b.next();
    }
  } finally {
    await close(out);
  }
}

export interface RejectionReport {
  add(rejection: Rejection): Promise<void>;
  /** The check's second pass begins: what follows is in line order again, from the start. */
  secondPass(): void;
  /** Writes the report to its path. */
  finish(): Promise<void>;
  /** Removes the report and its parts (nothing was rejected, or the check failed). */
  discard(): Promise<void>;
}

export function createRejectionReport(path: string): RejectionReport {
  const partPaths = [`${path}.part1`, `${path}.part2`] as const;
  const open = (part: string) => createWriteStream(part, { mode: 0o600 });
  const parts = [open(partPaths[0]), open(partPaths[1])] as const;
  let current: WriteStream = parts[0];
  const closeParts = () => Promise.all(parts.map((part) => (part.closed ? undefined : close(part))));
  const removeParts = () => {
    for (const part of partPaths) rmSync(part, { force: true });
  };
  return {
    add: (rejection) => write(current, rejectionRow(rejection)),
    secondPass() {
      current = parts[1];
    },
    async finish() {
      await closeParts();
      try {
        await merge(partPaths[0], partPaths[1], path);
      } finally {
        removeParts();
      }
    },
    async discard() {
      await closeParts();
      removeParts();
      rmSync(path, { force: true });
    },
  };
}
