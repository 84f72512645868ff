// Accept-Encoding by its weights and If-None-Match by weak comparison, as every compressed or
// validated answer reads them.
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, ifNoneMatchHolds, preferredEncoding } from './content-negotiation';

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.000, X-GZIP;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['*;q=0, identity', null],
    ['gzip;q=0', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });

  it('reads a weight of 0.001 as allowed', () => {
    expect(acceptedEncodings('br;q=0.001')).toEqual({ br: true, gzip: false });
  });
});

describe('If-None-Match', () => {
  it.each([
    ['"a"', '"a"', true],
    ['"b", "a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['"a"', 'W/"a"', true],
    ['*', '"a"', true],
    ['"b"', '"a"', false],
    ['"ab"', '"a"', false],
    [undefined, '"a"', false],
  ])('%j holds %j: %j', (header, etag, holds) => {
    expect(ifNoneMatchHolds(header, etag)).toBe(holds);
  });
});
