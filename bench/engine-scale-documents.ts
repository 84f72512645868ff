// N index documents of the cities shape for the engine at scale: the demo cities repeated, each copy
// with its own keys and populations (so ranks and rank order differ from copy to copy).

import { cityRecords } from '../server/seed/cities';
import type { DataSourceConfig } from '../shared/app-config';
import { recordsToIndexDocuments } from '../shared/search/index-input';
import type { IndexDocument } from '../shared/search/search-types';

/** A fixed pseudo-random sequence (mulberry32), so that every run indexes the same documents. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export function cityShapedDocuments(source: DataSourceConfig, count: number, seed = 1): IndexDocument[] {
  const cities = cityRecords();
  const random = seeded(seed);
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i += 1) {
    const city = cities[i % cities.length]!;
    const copy = Math.floor(i / cities.length);
    if (copy === 0) records.push(city);
    else {
      const population = Math.round((city.population as number) * (0.2 + 1.6 * random()));
      records.push({ ...city, id: `${city.id}-${copy}`, population });
    }
  }
  return recordsToIndexDocuments(source, records);
}
