// @vitest-environment happy-dom
// The page's cookies through the one helper: the attributes every Sift cookie carries (checked as
// written: happy-dom keeps a cookie given Max-Age=0 as an empty one), values that need encoding,
// several cookies side by side, and values that cannot be decoded.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieNames, deleteCookie, readCookie, writeCookie, writePreferenceCookie } from './cookies';

afterEach(() => void vi.restoreAllMocks());

describe('cookies', () => {
  it('writes for the whole site with SameSite=Lax, its lifetime, and Secure only when asked', () => {
    const written = vi.spyOn(document, 'cookie', 'set').mockImplementation(() => {});
    writeCookie('a', 'dark', { maxAgeSeconds: 60 });
    writeCookie('sift_consent', '{"a":1}', { maxAgeSeconds: 60, secure: true });
    writePreferenceCookie('color-scheme', 'dark');
    deleteCookie('color-scheme');
    expect(written.mock.calls.map(([cookie]) => cookie)).toEqual([
      'a=dark; Max-Age=60; Path=/; SameSite=Lax',
      'sift_consent=%7B%22a%22%3A1%7D; Max-Age=60; Path=/; SameSite=Lax; Secure',
      'color-scheme=dark; Max-Age=31536000; Path=/; SameSite=Lax',
      'color-scheme=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });

  it('reads back what it wrote, encoded values included, among other cookies', () => {
    writeCookie('i18n_redirected', 'fr', { maxAgeSeconds: 60 });
    writeCookie('sift_consent', '{"allowed":["a; b=c"]}', { maxAgeSeconds: 60 });
    writeCookie('color-scheme', 'dark', { maxAgeSeconds: 60 });
    expect(cookieNames().sort()).toEqual(['color-scheme', 'i18n_redirected', 'sift_consent']);
    expect(readCookie('sift_consent')).toBe('{"allowed":["a; b=c"]}');
    expect(readCookie('color-scheme')).toBe('dark');
    expect(readCookie('color')).toBeUndefined();
  });

  it('reads a cookie string it is given, and takes an undecodable value for none', () => {
    const cookies = 'a=1;b=%E0%A4%A; c=x%20y';
    expect(readCookie('a', cookies)).toBe('1');
    expect(readCookie('b', cookies)).toBeUndefined();
    expect(readCookie('c', cookies)).toBe('x y');
    expect(cookieNames(cookies)).toEqual(['a', 'b', 'c']);
  });
});
