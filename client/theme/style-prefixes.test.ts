// Only the prefixes Sift's browsers still read are written: none for flexbox or appearance, the
// `-webkit-` one for user-select (Safari), in both directions' plugin chains.
import { compile, middleware, serialize, stringify } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { describe, expect, it } from 'vitest';
import { stylePrefixes } from './style-prefixes';

const css = '.a{display:flex;appearance:none;user-select:none;margin-left:4px;}';
const written = (plugins: Parameters<typeof middleware>[0]) =>
  serialize(compile(css), middleware([...plugins, stringify]));

describe('stylePrefixes', () => {
  it('prefixes user-select, and leaves flexbox and appearance as written', () => {
    const out = written([stylePrefixes]);
    expect(out).toContain('-webkit-user-select:none;');
    expect(out).toContain('user-select:none;');
    expect(out).toContain('display:flex;');
    expect(out).not.toMatch(/display:-|-webkit-appearance|-webkit-box/);
  });

  it('keeps the right-to-left plugin mirroring after it', () => {
    const out = written([stylePrefixes, rtlPlugin]);
    expect(out).toContain('margin-right:4px;');
    expect(out).toContain('-webkit-user-select:none;');
    expect(out).not.toContain('-webkit-box');
  });
});
