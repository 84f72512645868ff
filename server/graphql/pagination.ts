// Page sizes and cursors of `items`; the cost limit (limits.ts) prices a page by the same numbers.
import { graphqlError } from './guards';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Cursors are opaque to callers: the last key of a page, base64url-encoded. */
export const encodeCursor = (key: string) => Buffer.from(key, 'utf8').toString('base64url');

export function decodeCursor(cursor: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor))
    throw graphqlError('BAD_USER_INPUT', '`after` is not a cursor of this API.');
  return Buffer.from(cursor, 'base64url').toString('utf8');
}

export function checkPageSize(first: number): number {
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw graphqlError('BAD_USER_INPUT', `\`first\` must be between 1 and ${MAX_PAGE_SIZE}.`);
  }
  return first;
}
