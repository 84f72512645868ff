// Material 3 colour roles for one concrete scheme, precomputed for every scheme at development
// time (by scripts/generate-m3-schemes.ts from m3-colors-compute.ts) so the first page paints
// without material-color-utilities; a unit test keeps the data current. Only the base family's
// schemes are in the first load; the other families' load when one is chosen or shown.
import type { DynamicScheme } from '@material/material-color-utilities';
import { onDemand } from '../lib/on-demand';
import { BASE_FAMILY, type ColorFamily, type ColorScheme, colorSchemeName } from './color-scheme';
import { m3Schemes as baseSchemes } from './m3-schemes-base.generated';

export const schemeRoles = [
  'primary',
  'onPrimary',
  'primaryContainer',
  'onPrimaryContainer',
  'secondary',
  'onSecondary',
  'secondaryContainer',
  'onSecondaryContainer',
  'tertiary',
  'onTertiary',
  'tertiaryContainer',
  'onTertiaryContainer',
  'error',
  'onError',
  'errorContainer',
  'onErrorContainer',
  'surface',
  'onSurface',
  'onSurfaceVariant',
  'surfaceDim',
  'surfaceBright',
  'surfaceContainerLowest',
  'surfaceContainerLow',
  'surfaceContainer',
  'surfaceContainerHigh',
  'surfaceContainerHighest',
  'outline',
  'outlineVariant',
  'inverseSurface',
  'inverseOnSurface',
  'inversePrimary',
  'scrim',
  'shadow',
] as const satisfies readonly (keyof DynamicScheme)[];

/** Status colours Material 3 leaves to the app; their seeds are harmonised towards the family. */
export const statusSeeds = { success: '#386A20', warning: '#8B5000', info: '#00639B' } as const;
export type StatusName = keyof typeof statusSeeds;
export type StatusRole =
  | StatusName
  | `on${Capitalize<StatusName>}`
  | `${StatusName}Container`
  | `on${Capitalize<StatusName>}Container`;

export type M3Role = (typeof schemeRoles)[number] | StatusRole;
export type M3Colors = Record<M3Role, string>;

export const capitalize = <T extends string>(s: T) => (s[0]!.toUpperCase() + s.slice(1)) as Capitalize<T>;

/** Every role in the order the generated data lists them. */
export const m3Roles: M3Role[] = [
  ...schemeRoles,
  ...(Object.keys(statusSeeds) as StatusName[]).flatMap((name) => {
    const on = `on${capitalize(name)}` as const;
    return [name, on, `${name}Container`, `${on}Container`] as const;
  }),
];

/** One scheme's roles as the generated data stores them: six hex digits per role, in m3Roles order. */
export function encodeM3Colors(colors: M3Colors): string {
  return m3Roles.map((role) => colors[role].slice(1)).join('');
}

const familySchemes = onDemand(() => import('./m3-schemes-families.generated').then((m) => m.m3Schemes));

/** Loads the schemes of every family besides the base one (once). */
export const loadColorFamilies = (): Promise<void> => familySchemes.load().then(() => undefined);

/** For components: suspends until `family`'s colours are available to m3Colors. */
export function useColorFamily(family: ColorFamily): void {
  if (family !== BASE_FAMILY) familySchemes.use();
}

const cache = new Map<string, M3Colors>();

/** The colours of `scheme`; other families than the base one need loadColorFamilies first. */
export function m3Colors(scheme: ColorScheme): M3Colors {
  const key = colorSchemeName(scheme);
  const cached = cache.get(key);
  if (cached) return cached;
  const packed = baseSchemes[key] ?? familySchemes.current()?.[key];
  if (!packed) {
    throw new Error(
      scheme.family === BASE_FAMILY || familySchemes.current()
        ? `No generated colours for ${key}: run npm run generate:m3-schemes`
        : `The colours of ${key} are not loaded yet: await loadColorFamilies() first`,
    );
  }
  const result = Object.fromEntries(
    m3Roles.map((role, i) => [role, `#${packed.slice(i * 6, i * 6 + 6)}`]),
  ) as M3Colors;
  cache.set(key, result);
  return result;
}
