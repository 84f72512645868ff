// Lookups as spec §3 uses them: a map from id to values, and a label for an id in the interface
// language (the values are in the order of shared/locales.ts: en, es, fr, ar).
import { locales } from '#shared/locales';
import type { Lookup } from './lookups-storage';

export type LookupMap = ReadonlyMap<string, readonly string[]>;

export function toLookupMap(lookups: readonly Lookup[]): LookupMap {
  return new Map(lookups.map((lookup) => [lookup.id, lookup.values]));
}

/** The label of `id` in `language` (a locale code such as "fr" or "fr-CA"), else in English; undefined without one. */
export function lookupLabel(map: LookupMap, id: string, language: string): string | undefined {
  const values = map.get(id);
  if (!values) return undefined;
  const index = locales.findIndex(({ code }) => code === language.split('-')[0]);
  return values[index] || values[0] || undefined;
}
