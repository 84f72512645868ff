import { describe, expect, it } from 'vitest';
import { searchTextOf } from './search-box-store';

describe('the text a page searches for', () => {
  it('is the search screen’s s, and nothing on any other page', () => {
    const of = (path: string) => searchTextOf(new URL(path, 'https://sift.example'));
    expect(of('/search?s=san%20marino')).toBe('san marino');
    expect(of('/search/country?s=peru&page=2')).toBe('peru');
    expect(of('/search')).toBe('');
    expect(of('/about?s=peru')).toBe('');
    expect(of('/searching?s=peru')).toBe('');
  });
});
