// "Near me": each hit's distance from the user's position, by its source's coordinates, and the
// hits nearest first. Hits without coordinates (their source has none, or the item lacks them)
// come last, in the order they had.
import { numberFormat } from '#client/lib/number-format';
import type { DataSourceConfig } from '#shared/app-config';
import type { SearchHit } from '#shared/search/search-types';
import { coordinatesOf, distanceKm, type LatLon } from '#shared/search/sift/geo-distance';

type Sources = Record<string, Pick<DataSourceConfig, 'dataType' | 'coordinates'>>;

/** The coordinates of a hit, when its data type's source names them and the item has them. */
export function hitLocation(hit: SearchHit, sources: Sources): LatLon | undefined {
  const source = Object.values(sources).find((s) => s.dataType === hit.dataType && s.coordinates);
  if (!source?.coordinates) return undefined;
  return coordinatesOf(hit.document[source.coordinates.lat], hit.document[source.coordinates.lon]);
}

/** Kilometres from `from` to the hit, or undefined without coordinates. */
export function hitDistanceKm(hit: SearchHit, sources: Sources, from: LatLon): number | undefined {
  const location = hitLocation(hit, sources);
  return location ? distanceKm(from, location) : undefined;
}

/** Nearest first; hits without coordinates last, keeping their order. */
export function sortByDistance(hits: SearchHit[], sources: Sources, from: LatLon): SearchHit[] {
  const keyed = hits.map((hit) => ({
    hit,
    km: hitDistanceKm(hit, sources, from) ?? Number.POSITIVE_INFINITY,
  }));
  keyed.sort((a, b) => (a.km === b.km ? 0 : a.km - b.km));
  return keyed.map(({ hit }) => hit);
}

/** Whether a source of these data types has coordinates (near me and the map are offered). */
export function hasCoordinates(sources: Sources, dataTypes: readonly string[]): boolean {
  return Object.values(sources).some((source) => source.coordinates && dataTypes.includes(source.dataType));
}

/** "850 m", "12.5 km", "1,204 km" in the interface language. */
export function formatDistance(km: number, language: string): string {
  if (km < 1) {
    const metres = Math.max(10, Math.round((km * 1000) / 10) * 10);
    return numberFormat(language, { style: 'unit', unit: 'meter' }).format(metres);
  }
  return numberFormat(language, {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km);
}
