// The kept pages: one version of the public data at a time, at most so many bytes, the least
// recently sent dropped first.
import { describe, expect, it } from 'vitest';
import { type CachedPage, createRenderedPageCache } from './rendered-page-cache';

/** A page of `bytes` bytes in all (identity, brotli and gzip). */
function pageOf(bytes: number): CachedPage {
  const third = Buffer.alloc(bytes / 3);
  return {
    status: 200,
    body: { etag: '"e"', contentType: 'text/html', identity: third, br: third, gzip: third },
  };
}

describe('rendered page cache', () => {
  it('drops the least recently sent pages past its size', () => {
    const cache = createRenderedPageCache(300);
    cache.set('a', 'v1', pageOf(120));
    cache.set('b', 'v1', pageOf(120));
    expect(cache.get('a', 'v1')).toBeDefined();
    cache.set('c', 'v1', pageOf(120));
    expect(cache.get('b', 'v1')).toBeUndefined();
    expect(cache.get('a', 'v1')).toBeDefined();
    expect(cache.get('c', 'v1')).toBeDefined();
    cache.set('huge', 'v1', pageOf(600));
    expect(cache.get('huge', 'v1')).toBeUndefined();
  });

  it('keeps the pages of one version of the public data', () => {
    const cache = createRenderedPageCache(1000);
    cache.set('a', 'v1', pageOf(30));
    expect(cache.get('a', 'v2')).toBeUndefined();
    cache.set('b', 'v1', pageOf(30));
    expect(cache.get('b', 'v2'), 'drawn from the older data').toBeUndefined();
    expect(cache.get('a', 'v1'), 'a version seen again starts empty').toBeUndefined();
    cache.set('c', 'v2', pageOf(30));
    expect(cache.get('c', 'v2')).toBeDefined();
  });
});
