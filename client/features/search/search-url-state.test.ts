import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ITEMS_PER_PAGE,
  filteredSearchUrl,
  filtersForUrl,
  parseChips,
  parseFilters,
  parseSearchUrl,
  searchFromOf,
  searchUrlOf,
  searchUrlOfItemState,
} from './search-url-state';

const state = {
  text: 'san jose',
  chips: [] as string[],
  filters: {} as Record<string, string[]>,
  sort: 0,
  page: 1,
  itemsPerPage: 20,
};

describe('reading the URL', () => {
  it('reads every part, with the spec defaults for what is missing', () => {
    expect(parseSearchUrl(new URLSearchParams(''), undefined)).toEqual({
      text: '',
      chips: [],
      filters: undefined,
      sort: 0,
      page: 1,
      itemsPerPage: DEFAULT_ITEMS_PER_PAGE,
    });
    const query = new URLSearchParams({
      s: 'paris',
      f: '{"country":["FR","BE"]}',
      sort: '2',
      page: '3',
      itemsPerPage: '50',
    });
    expect(parseSearchUrl(query, 'city,country')).toEqual({
      text: 'paris',
      chips: ['city', 'country'],
      filters: { country: ['FR', 'BE'] },
      sort: 2,
      page: 3,
      itemsPerPage: 50,
    });
  });

  it('reads broken values as their defaults instead of failing', () => {
    const query = new URLSearchParams({ sort: '-1', page: '0', itemsPerPage: '7', f: '{oops' });
    expect(parseSearchUrl(query, undefined)).toMatchObject({
      sort: 0,
      page: 1,
      itemsPerPage: DEFAULT_ITEMS_PER_PAGE,
      filters: undefined,
    });
    expect(parseSearchUrl(new URLSearchParams({ page: '2.5', sort: 'x' }), undefined)).toMatchObject({
      page: 1,
      sort: 0,
    });
    expect(parseFilters('{"region":"Europe"}')).toBeUndefined();
    expect(parseFilters('[]')).toBeUndefined();
    expect(parseFilters(null)).toBeUndefined();
  });

  it('splits the chips parameter into distinct data types', () => {
    expect(parseChips(' city, ,country,city ')).toEqual(['city', 'country']);
    expect(parseChips(undefined)).toEqual([]);
  });
});

describe('writing the URL', () => {
  it('keeps only valid filter keys with values, and leaves f out when none are left', () => {
    expect(
      filtersForUrl({ region: ['Europe'], country: [], featureCode: ['PPLC'] }, ['region', 'country']),
    ).toEqual({ region: ['Europe'] });
    expect(filtersForUrl({ country: [] }, ['country'])).toBeUndefined();
  });

  it('writes sort only when not 0, page only when not 1, and always itemsPerPage', () => {
    expect(searchUrlOf(state, [])).toBe('/search?s=san+jose&itemsPerPage=20');
    expect(
      searchUrlOf(
        { ...state, chips: ['city'], filters: { country: ['FR'], region: ['Europe'] }, sort: 3, page: 2 },
        ['country'],
      ),
    ).toBe(
      `/search/city?s=san+jose&f=${encodeURIComponent('{"country":["FR"]}')}&sort=3&page=2&itemsPerPage=20`,
    );
  });

  it('reads back what it wrote (a pasted URL reproduces the state)', () => {
    const written = {
      ...state,
      text: 'São Tomé & "x"',
      chips: ['city', 'country'],
      filters: { country: ['FR'], region: ['Europe', 'Asia'] },
      sort: 2,
      page: 4,
      itemsPerPage: 100,
    };
    const url = new URL(searchUrlOf(written, ['country', 'region']), 'http://sift.test');
    const chips = decodeURIComponent(url.pathname.split('/')[2]!);
    expect(parseSearchUrl(url.searchParams, chips)).toEqual(written);
  });

  it('links to a data type filtered by one value', () => {
    expect(filteredSearchUrl('city', 'country', 'FR')).toBe(
      `/search/city?f=${encodeURIComponent('{"country":["FR"]}')}&itemsPerPage=20`,
    );
  });
});

describe('history state', () => {
  it('reads where a search started and which search an item came from, ignoring anything else', () => {
    expect(searchFromOf({ searchFrom: '/about' })).toBe('/about');
    expect(searchFromOf(null)).toBeUndefined();
    expect(searchFromOf({ searchFrom: 3 })).toBeUndefined();
    expect(searchUrlOfItemState({ searchUrl: '/search?s=x' })).toBe('/search?s=x');
    expect(searchUrlOfItemState({ searchUrl: 'https://evil.test/search' })).toBeUndefined();
    expect(searchUrlOfItemState(undefined)).toBeUndefined();
  });
});
