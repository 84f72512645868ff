import { argbFromHex, Hct } from '@material/material-color-utilities';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allColorSchemes, type ContrastLevel, colorFamilies, colorSchemeName } from './color-scheme';
import { loadColorFamilies, type M3Role, m3Colors, m3Roles } from './m3-colors';
import { computeM3Colors } from './m3-colors-compute';
import { m3Schemes as baseSchemes } from './m3-schemes-base.generated';
import { m3Schemes as familySchemes } from './m3-schemes-families.generated';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const hue = (hex: string) => Hct.fromInt(argbFromHex(hex)).hue;

/** Text colour on background colour, as the theme pairs them. */
const textPairs: [M3Role, M3Role][] = [
  ['onSurface', 'surface'],
  ['onSurface', 'surfaceContainerLow'],
  ['onSurface', 'surfaceContainerHigh'],
  ['onSurfaceVariant', 'surface'],
  ['onSurfaceVariant', 'surfaceContainerLow'],
  ['primary', 'surface'],
  ['primary', 'surfaceContainerLow'],
  ['onPrimary', 'primary'],
  ['onPrimaryContainer', 'primaryContainer'],
  ['onSecondary', 'secondary'],
  ['onSecondaryContainer', 'secondaryContainer'],
  ['onError', 'error'],
  ['onErrorContainer', 'errorContainer'],
  ['onSuccess', 'success'],
  ['onSuccessContainer', 'successContainer'],
  ['onWarningContainer', 'warningContainer'],
  ['onInfoContainer', 'infoContainer'],
  ['inverseOnSurface', 'inverseSurface'],
];

/** WCAG AA for normal text, and AAA (7:1) at high contrast. */
const minimumRatio: Record<ContrastLevel, number> = { standard: 4.5, medium: 4.5, high: 7 };

describe('Material 3 colours on demand', () => {
  it('has the base family without loading the others, and the others once loaded', async () => {
    // A copy of the module of its own: nothing loaded yet, whichever test of this file ran first.
    vi.resetModules();
    const fresh = await import('./m3-colors');
    const ocean = { family: 'ocean', mode: 'dark', contrast: 'standard' } as const;
    expect(() => fresh.m3Colors(ocean)).toThrow(/not loaded yet/);
    expect(fresh.m3Colors({ family: 'violet', mode: 'dark', contrast: 'high' }).primary).toMatch(
      /^#[0-9a-f]{6}$/,
    );
    await fresh.loadColorFamilies();
    expect(fresh.m3Colors(ocean).primary).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('Material 3 colours', () => {
  beforeAll(() => loadColorFamilies());

  it('ships exactly what material-color-utilities computes for every scheme (else: npm run generate:m3-schemes)', () => {
    expect(Object.keys(baseSchemes).every((name) => !name.includes('-') || /^(light|dark)-/.test(name))).toBe(
      true,
    );
    expect([...Object.keys(baseSchemes), ...Object.keys(familySchemes)].sort()).toEqual(
      allColorSchemes().map(colorSchemeName).sort(),
    );
    for (const scheme of allColorSchemes()) {
      const colors = m3Colors(scheme);
      expect(Object.keys(colors).sort(), colorSchemeName(scheme)).toEqual([...m3Roles].sort());
      expect(colors, colorSchemeName(scheme)).toEqual(computeM3Colors(scheme));
    }
  });

  it('gives the base light theme the primary colour #68548E', () => {
    expect(m3Colors({ family: 'violet', mode: 'light', contrast: 'standard' }).primary).toBe('#68548e');
  });

  it('grows each family from its own seed', () => {
    for (const { id, seed } of colorFamilies) {
      for (const scheme of allColorSchemes().filter((s) => s.family === id)) {
        const hueDistance = Math.abs(hue(m3Colors(scheme).primary) - hue(seed));
        expect(Math.min(hueDistance, 360 - hueDistance), colorSchemeName(scheme)).toBeLessThan(5);
      }
    }
  });

  it('keeps every text pair readable, more so at higher contrast levels', () => {
    for (const scheme of allColorSchemes()) {
      const colors = m3Colors(scheme);
      for (const [text, background] of textPairs) {
        const ratio = contrastRatio(colors[text], colors[background]);
        expect(ratio, `${colorSchemeName(scheme)}: ${text} on ${background}`).toBeGreaterThanOrEqual(
          minimumRatio[scheme.contrast],
        );
      }
    }
  });

  it('makes outlines stronger as contrast rises', () => {
    for (const mode of ['light', 'dark'] as const) {
      const ratios = (['standard', 'medium', 'high'] as const).map((contrast) => {
        const colors = m3Colors({ family: 'violet', mode, contrast });
        return contrastRatio(colors.outline, colors.surface);
      });
      expect(ratios[1]).toBeGreaterThan(ratios[0]!);
      expect(ratios[2]).toBeGreaterThan(ratios[1]!);
      expect(ratios[0]).toBeGreaterThanOrEqual(3);
    }
  });
});
