// Colour-scheme choices (spec §4, §9): a colour family, light/dark/system and a contrast level.
// Each choice has a name, stored in the color-scheme cookie: "light", "dark-high-contrast",
// "ocean-light", "terracotta-system-medium-contrast"… The base family's themes are plain
// light and dark. The boot script inline in client/index.html reads the same names before first paint.

export const COLOR_SCHEME_COOKIE = 'color-scheme';

/** The colour families and the seed colour each one's Material 3 schemes grow from. */
export const colorFamilies = [
  { id: 'violet', seed: '#68548E' },
  { id: 'ocean', seed: '#415F91' },
  { id: 'meadow', seed: '#4C662B' },
  { id: 'terracotta', seed: '#8F4C38' },
] as const;
export type ColorFamily = (typeof colorFamilies)[number]['id'];
export const BASE_FAMILY: ColorFamily = 'violet';

export const colorModes = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof colorModes)[number];
export type ResolvedMode = Exclude<ColorMode, 'system'>;

export const contrastLevels = ['standard', 'medium', 'high'] as const;
export type ContrastLevel = (typeof contrastLevels)[number];

/** What the user chose; `system` follows the browser's light or dark preference. */
export interface ColorSchemeChoice {
  family: ColorFamily;
  mode: ColorMode;
  contrast: ContrastLevel;
}

/** One concrete theme: the choice with light or dark settled. */
export interface ColorScheme extends ColorSchemeChoice {
  mode: ResolvedMode;
}

/** Nothing chosen yet: the base family, following the browser, standard contrast. */
export const defaultChoice: ColorSchemeChoice = { family: BASE_FAMILY, mode: 'system', contrast: 'standard' };

export function colorSchemeName(choice: ColorSchemeChoice): string {
  return [
    choice.family === BASE_FAMILY ? undefined : choice.family,
    choice.mode,
    choice.contrast === 'standard' ? undefined : `${choice.contrast}-contrast`,
  ]
    .filter(Boolean)
    .join('-');
}

const namePattern = new RegExp(
  `^(?:(${colorFamilies.map((f) => f.id).join('|')})-)?(light|dark|system)(?:-(medium|high)-contrast)?$`,
);

/** The choice a name stands for, or undefined for anything that is not a valid name. */
export function parseColorSchemeName(name: string): ColorSchemeChoice | undefined {
  const match = namePattern.exec(name);
  if (!match) return undefined;
  const [, family = BASE_FAMILY, mode, contrast = 'standard'] = match;
  return { family: family as ColorFamily, mode: mode as ColorMode, contrast: contrast as ContrastLevel };
}

export function resolveColorScheme(choice: ColorSchemeChoice, prefersDark: boolean): ColorScheme {
  const mode = choice.mode === 'system' ? (prefersDark ? 'dark' : 'light') : choice.mode;
  return { ...choice, mode };
}

/** Every concrete theme, e.g. for tables keyed by theme name. */
export function allColorSchemes(): ColorScheme[] {
  return colorFamilies.flatMap(({ id: family }) =>
    (['light', 'dark'] as const).flatMap((mode) =>
      contrastLevels.map((contrast) => ({ family, mode, contrast })),
    ),
  );
}
