// Other names and codes of the demo cities that people look for most (capitals and every city of at
// least 100,000 people), from GeoNames' alternate names in the cities1000 package (CC BY 4.0): names
// in Latin and Arabic script (English, Spanish, French, Arabic and their transliterations) and codes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tokenizeForIndex } from '#shared/search/tokenizer';

/** Cities at least this populous get their other names; capitals always do. */
export const NAMED_FROM_POPULATION = 100_000;

const latinOrArabic =
  /^(?:[\p{Script=Latin}\p{M}\d\s.,'’()-]+|(?:[\p{Script=Arabic}\p{M}\s-]|\u200c|\u200d)+)$/u;
/** Airport and city codes (LON, NYC, CAI) as GeoNames lists them among the names. */
const code = /^[A-Z]{3}$/;
/** GeoNames' romanisations of Arabic and Persian without vowels (`lndn`, `qahrh`) are nobody's spelling. */
const hasVowel = /[aeiouy\p{Script=Arabic}]/u;

export interface CityAltNames {
  altNames: string[];
  codes: string[];
}

interface CitiesFile {
  file: string;
  fields: string[];
}

/** Geonames id → the other names (distinct once folded) and codes of each capital or city of at least 100,000 people. */
export function cityAltNames(): Map<string, CityAltNames> {
  const cities = createRequire(import.meta.url)('cities1000') as CitiesFile;
  const column = (name: string) => cities.fields.indexOf(name);
  const [id, name, alt, feature, population] = [
    'id',
    'name',
    'alternativeNames',
    'featureCode',
    'population',
  ].map(column) as [number, number, number, number, number];
  const names = new Map<string, CityAltNames>();
  const folded = (text: string) => tokenizeForIndex(text).join(' ');
  for (const line of readFileSync(cities.file, 'utf8').split('\n')) {
    const row = line.split('\t');
    if (!row[alt] || (row[feature] !== 'PPLC' && Number(row[population]) < NAMED_FROM_POPULATION)) continue;
    const candidates = row[alt].split(',');
    const seen = new Set([folded(row[name]!)]);
    const altNames = candidates.filter((candidate) => {
      const words = folded(candidate);
      if (!words || seen.has(words) || code.test(candidate)) return false;
      if (!latinOrArabic.test(candidate) || !hasVowel.test(words)) return false;
      seen.add(words);
      return true;
    });
    names.set(row[id]!, { altNames, codes: candidates.filter((candidate) => code.test(candidate)) });
  }
  return names;
}
