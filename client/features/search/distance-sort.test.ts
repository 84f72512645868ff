import { describe, expect, it } from 'vitest';
import type { SearchHit } from '#shared/search/search-types';
import { formatDistance, hitDistanceKm, sortByDistance } from './distance-sort';

const sources = {
  cities: { dataType: 'city', coordinates: { lat: 'lat', lon: 'lon' } },
  countries: { dataType: 'country' },
};
const hit = (id: string, dataType: string, document: Record<string, unknown>): SearchHit => ({
  id,
  score: 1,
  dataType,
  document: { id, rank: 0, ...document },
});
const paris = { lat: 48.8566, lon: 2.3522 };

describe('distance from the user', () => {
  it('orders hits nearest first, those without coordinates last in their order', () => {
    const hits = [
      hit('france', 'country', {}),
      hit('tokyo', 'city', { lat: 35.68, lon: 139.69 }),
      hit('atlantis', 'city', {}),
      hit('london', 'city', { lat: 51.5072, lon: -0.1276 }),
      hit('lyon', 'city', { lat: 45.764, lon: 4.8357 }),
      hit('nowhere', 'city', { lat: 95, lon: 0 }),
    ];
    expect(sortByDistance(hits, sources, paris).map((h) => h.id)).toEqual([
      'london',
      'lyon',
      'tokyo',
      'france',
      'atlantis',
      'nowhere',
    ]);
  });

  it('measures along the Earth: Paris to London about 344 km', () => {
    const london = hit('london', 'city', { lat: 51.5072, lon: -0.1276 });
    expect(hitDistanceKm(london, sources, paris)).toBeCloseTo(343.6, 0);
    expect(hitDistanceKm(hit('france', 'country', { lat: 46, lon: 2 }), sources, paris)).toBeUndefined();
  });

  it('writes distances for the interface language', () => {
    expect(formatDistance(0.4321, 'en')).toBe('430 m');
    expect(formatDistance(3.456, 'en')).toBe('3.5 km');
    expect(formatDistance(1204.4, 'en')).toBe('1,204 km');
    expect(formatDistance(3.456, 'fr')).toBe('3,5\u202fkm');
    expect(formatDistance(1204.4, 'ar')).toMatch(/كم/);
  });
});
