// Translation keys naming each colour family, mode and contrast level, shared by the menu and the page.
import type { ColorFamily, ColorMode, ContrastLevel } from '#client/theme/color-scheme';

export const familyLabels: Record<ColorFamily, string> = {
  violet: 'theme.family_violet',
  ocean: 'theme.family_ocean',
  meadow: 'theme.family_meadow',
  terracotta: 'theme.family_terracotta',
};

export const modeLabels: Record<ColorMode, string> = {
  light: 'theme.mode_light',
  dark: 'theme.mode_dark',
  system: 'theme.mode_system',
};

export const contrastLabels: Record<ContrastLevel, string> = {
  standard: 'theme.contrast_standard',
  medium: 'theme.contrast_medium',
  high: 'theme.contrast_high',
};
