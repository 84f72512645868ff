// Material 3 colour roles computed with material-color-utilities: a tonal-spot scheme from the
// family's seed at the chosen contrast level, plus success, warning and info roles built the same
// way from fixed hues harmonised towards the seed. Only the generator and tests run this.
import { argbFromHex, Blend, Hct, hexFromArgb, SchemeTonalSpot } from '@material/material-color-utilities';
import { type ColorScheme, type ContrastLevel, colorFamilies } from './color-scheme';
import {
  capitalize,
  type M3Colors,
  type StatusName,
  type StatusRole,
  schemeRoles,
  statusSeeds,
} from './m3-colors';

/** material-color-utilities' contrast scale: 0 standard, 0.5 medium, 1 high. */
const contrastValues: Record<ContrastLevel, number> = { standard: 0, medium: 0.5, high: 1 };

function statusRoles(name: StatusName, sourceArgb: number, scheme: ColorScheme): Record<StatusRole, string> {
  const harmonized = Blend.harmonize(argbFromHex(statusSeeds[name]), sourceArgb);
  const s = new SchemeTonalSpot(
    Hct.fromInt(harmonized),
    scheme.mode === 'dark',
    contrastValues[scheme.contrast],
  );
  const on = `on${capitalize(name)}` as const;
  return {
    [name]: hexFromArgb(s.primary),
    [on]: hexFromArgb(s.onPrimary),
    [`${name}Container`]: hexFromArgb(s.primaryContainer),
    [`${on}Container`]: hexFromArgb(s.onPrimaryContainer),
  } as Record<StatusRole, string>;
}

export function computeM3Colors(scheme: ColorScheme): M3Colors {
  const seed = colorFamilies.find((f) => f.id === scheme.family)!.seed;
  const sourceArgb = argbFromHex(seed);
  const dynamic = new SchemeTonalSpot(
    Hct.fromInt(sourceArgb),
    scheme.mode === 'dark',
    contrastValues[scheme.contrast],
  );
  const colors = Object.fromEntries(schemeRoles.map((role) => [role, hexFromArgb(dynamic[role])]));
  const statuses = (Object.keys(statusSeeds) as StatusName[]).map((name) =>
    statusRoles(name, sourceArgb, scheme),
  );
  return Object.assign(colors, ...statuses) as M3Colors;
}
