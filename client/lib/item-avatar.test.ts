import { describe, expect, it } from 'vitest';
import { flagEmoji, itemAvatar } from './item-avatar';

describe('item avatar', () => {
  it('draws a two-letter country code as its flag', () => {
    expect(flagEmoji('FR')).toBe('🇫🇷');
    expect(flagEmoji('ca')).toBe('🇨🇦');
    for (const code of ['FRA', 'F', '', 'F1', 42, undefined]) expect(flagEmoji(code)).toBeUndefined();
  });

  it("is the flag of the source's flag property, else the title's first letter", () => {
    expect(itemAvatar({ flagProperty: 'country' }, { country: 'US' }, 'ottawa')).toBe('🇺🇸');
    expect(itemAvatar({ flagProperty: 'country' }, {}, 'ottawa')).toBe('O');
    expect(itemAvatar({}, { country: 'US' }, 'ölüdeniz')).toBe('Ö');
  });
});
