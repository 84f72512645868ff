// @vitest-environment happy-dom
// Recent searches: newest first, once each, at most five, per person, only with consent, and a
// signed-in user's gone at sign-out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setConsent } from '#client/consent/consent-store';
import {
  clearRecentSearches,
  forgetRecentSearch,
  forgetSignedInRecentSearches,
  RECENT_SEARCHES_KEY,
  readRecentSearches,
  rememberSearch,
} from './recent-searches';

describe('recent searches', () => {
  beforeEach(() => setConsent(['preferences']));
  afterEach(() => {
    localStorage.clear();
    setConsent([]);
  });

  it('keeps the last five, newest first, each once whatever its case and accents', () => {
    for (const text of ['lyon', 'paris', 'Zürich', 'oslo', 'rome', 'zurich ', 'lima'])
      rememberSearch(text, 'u1');
    expect(readRecentSearches('u1')).toEqual(['lima', 'zurich', 'rome', 'oslo', 'paris']);
    rememberSearch('   ', 'u1');
    expect(readRecentSearches('u1')).toHaveLength(5);
  });

  it('shows them only to the person who made them', () => {
    rememberSearch('lyon', 'u1');
    expect(readRecentSearches('u2')).toEqual([]);
    expect(readRecentSearches(null)).toEqual([]);
    rememberSearch('oslo', 'u2');
    expect(readRecentSearches('u2')).toEqual(['oslo']);
    expect(readRecentSearches('u1')).toEqual([]);
  });

  it('removes one, or all', () => {
    rememberSearch('lyon', null);
    rememberSearch('oslo', null);
    forgetRecentSearch('lyon', null);
    expect(readRecentSearches(null)).toEqual(['oslo']);
    forgetRecentSearch('oslo', null);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
    rememberSearch('rome', null);
    clearRecentSearches();
    expect(readRecentSearches(null)).toEqual([]);
  });

  it('stores nothing without the preferences consent, and withdrawing it deletes them', () => {
    rememberSearch('lyon', null);
    setConsent([]);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
    rememberSearch('oslo', null);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('forgets a signed-in user’s searches at sign-out, not those made while nobody was signed in', () => {
    rememberSearch('lyon', null);
    forgetSignedInRecentSearches();
    expect(readRecentSearches(null)).toEqual(['lyon']);
    rememberSearch('oslo', 'u1');
    forgetSignedInRecentSearches();
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
    localStorage.setItem(RECENT_SEARCHES_KEY, '{broken');
    forgetSignedInRecentSearches();
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });
});
