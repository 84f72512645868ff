import { describe, expect, it } from 'vitest';
import { BASE_FAMILY } from '../client/theme/color-scheme';
import { m3Colors } from '../client/theme/m3-colors';
import { manifestColors } from './pwa-plugin';

describe('manifestColors', () => {
  it('are the base light theme’s primary and surface', () => {
    const light = m3Colors({ family: BASE_FAMILY, mode: 'light', contrast: 'standard' });
    expect(manifestColors.theme.toLowerCase()).toBe(light.primary.toLowerCase());
    expect(manifestColors.background.toLowerCase()).toBe(light.surface.toLowerCase());
  });
});
