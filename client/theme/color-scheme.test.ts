import { describe, expect, it } from 'vitest';
import {
  allColorSchemes,
  colorFamilies,
  colorModes,
  colorSchemeName,
  contrastLevels,
  parseColorSchemeName,
  resolveColorScheme,
} from './color-scheme';

describe('colour-scheme names', () => {
  it('names the base family plainly and the others with a prefix', () => {
    expect(colorSchemeName({ family: 'violet', mode: 'light', contrast: 'standard' })).toBe('light');
    expect(colorSchemeName({ family: 'violet', mode: 'dark', contrast: 'high' })).toBe('dark-high-contrast');
    expect(colorSchemeName({ family: 'ocean', mode: 'system', contrast: 'medium' })).toBe(
      'ocean-system-medium-contrast',
    );
  });

  it('parses every name it writes back to the same choice', () => {
    for (const { id: family } of colorFamilies) {
      for (const mode of colorModes) {
        for (const contrast of contrastLevels) {
          const choice = { family, mode, contrast };
          expect(parseColorSchemeName(colorSchemeName(choice))).toEqual(choice);
        }
      }
    }
  });

  it('rejects anything else', () => {
    for (const name of [
      '',
      'Dark',
      'dark-low-contrast',
      'purple-light',
      'light-',
      ' light',
      'high-contrast',
    ]) {
      expect(parseColorSchemeName(name), name).toBeUndefined();
    }
  });

  it('settles system to the browser preference and keeps explicit modes', () => {
    const system = { family: 'meadow', mode: 'system', contrast: 'high' } as const;
    expect(resolveColorScheme(system, true)).toEqual({ ...system, mode: 'dark' });
    expect(resolveColorScheme(system, false)).toEqual({ ...system, mode: 'light' });
    expect(resolveColorScheme({ ...system, mode: 'light' }, true).mode).toBe('light');
  });

  it('has four families, each light and dark at three contrast levels', () => {
    const names = allColorSchemes().map(colorSchemeName);
    expect(new Set(names).size).toBe(24);
    expect(names).toEqual(
      expect.arrayContaining(['light', 'light-medium-contrast', 'dark-high-contrast', 'terracotta-dark']),
    );
  });
});
