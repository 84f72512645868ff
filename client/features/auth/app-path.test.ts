import { describe, expect, it } from 'vitest';
import { appPathOf } from './app-path';

const origin = 'https://sift.example';

describe('appPathOf', () => {
  it('keeps in-app paths with their query and hash', () => {
    expect(appPathOf('/item/a/b?x=1#top', '/', origin)).toBe('/item/a/b?x=1#top');
    expect(appPathOf('https://sift.example/modules/auth/protected', '/', origin)).toBe(
      '/modules/auth/protected',
    );
  });

  it('never leads off-site', () => {
    expect(appPathOf('https://evil.example/steal?x=1', '/', origin)).toBe('/steal?x=1');
    for (const url of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'evil.example', '']) {
      expect(appPathOf(url, '/home', origin)).toBe('/home');
    }
    expect(appPathOf(null, '/home', origin)).toBe('/home');
  });
});
