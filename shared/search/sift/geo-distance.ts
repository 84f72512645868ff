// Great-circle distance between two points on the Earth (haversine, mean radius), for choosing
// and ordering the hits nearest a place.

const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;

export interface LatLon {
  lat: number;
  lon: number;
}

/** Kilometres between `a` and `b` along the Earth's surface. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RADIANS;
  const dLon = (b.lon - a.lon) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A latitude and longitude in range, or undefined. */
export function coordinatesOf(lat: unknown, lon: unknown): LatLon | undefined {
  if (typeof lat !== 'number' || typeof lon !== 'number') return undefined;
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
}
