import { describe, expect, it } from 'vitest';
import { createSearchBoxStore, searchTextOf } from './search-box-store';

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

describe('the result the arrow keys point at', () => {
  const binding = (shown: string) => ({ listboxId: 'results', count: 2, shown, optionId: String, open() {} });

  it('stays when the same results are drawn again, and goes when other results are shown', () => {
    const box = createSearchBoxStore();
    box.bindResults(binding('/item/a\n/item/b'));
    box.setActive(1);
    box.bindResults(binding('/item/a\n/item/b'));
    expect(box.getSnapshot().active).toBe(1);
    box.bindResults(binding('/item/b\n/item/a'));
    expect(box.getSnapshot().active).toBe(-1);
    box.setActive(0);
    box.bindResults(null);
    expect(box.getSnapshot().active).toBe(-1);
  });
});
