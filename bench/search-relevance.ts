// The bench's relevance check: popular entities (the most populous cities, the largest countries)
// must be in the top 10 for the 1-, 2- and 3-letter prefixes of their name and for a misspelling
// of it; accented spellings (and their plain forms) and Arabic country names must find theirs.
import { loadCountries } from '../server/seed/countries';
import type { IndexDocument } from '../shared/search/search-types';
import { tokenize } from '../shared/search/tokenizer';

export interface RelevanceCase {
  kind: 'prefix1' | 'prefix2' | 'prefix3' | 'typo' | 'accented' | 'arabic';
  query: string;
  /** The id that must be among the first 10 hits. */
  expected: string;
}

const ENTITIES = 25;

/** One edit in the middle of the longest word (keeping its first letter): swap, drop or double a letter. */
function misspell(words: string[], variant: number): string | undefined {
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length < 5) return undefined;
  const letters = [...longest];
  const at = Math.floor(letters.length / 2);
  if (variant % 3 === 0) [letters[at - 1], letters[at]] = [letters[at]!, letters[at - 1]!];
  if (variant % 3 === 1) letters.splice(at, 1);
  if (variant % 3 === 2) letters.splice(at, 0, letters[at]!);
  return words.map((w) => (w === longest ? letters.join('') : w)).join(' ');
}

function entityCases(entities: IndexDocument[], nameOf: (d: IndexDocument) => string): RelevanceCase[] {
  return entities.flatMap((entity, i) => {
    const words = tokenize(nameOf(entity));
    const first = words[0] ?? '';
    const cases: RelevanceCase[] = [1, 2, 3]
      .filter((n) => first.length > n)
      .map((n) => ({
        kind: `prefix${n}` as RelevanceCase['kind'],
        query: first.slice(0, n),
        expected: entity.id,
      }));
    const typo = misspell(words, i);
    if (typo) cases.push({ kind: 'typo', query: typo, expected: entity.id });
    return cases;
  });
}

const byRank = (documents: IndexDocument[]) => [...documents].sort((a, b) => b.rank - a.rank);

export function cityCases(cities: IndexDocument[], accented: string[]): RelevanceCase[] {
  const ranked = byRank(cities);
  const folded = (text: string) => tokenize(text).join(' ');
  const accentedCases = accented.flatMap((query): RelevanceCase[] => {
    const expected = ranked.find((city) => folded(String(city.name)) === folded(query));
    return expected ? [{ kind: 'accented', query, expected: expected.id }] : [];
  });
  return [...entityCases(ranked.slice(0, ENTITIES), (city) => String(city.name)), ...accentedCases];
}

export function countryCases(countries: IndexDocument[]): RelevanceCase[] {
  const largest = byRank(countries).slice(0, ENTITIES);
  const arabicNames = new Map(loadCountries().map((c) => [c.cca3, c.translations.ara?.common]));
  const arabicCases = largest.flatMap((country): RelevanceCase[] => {
    const name = arabicNames.get(country.id);
    if (!name) return [];
    const withoutArticle = name.startsWith('ال') ? [name.slice(2)] : [];
    return [name, ...withoutArticle].map((query) => ({ kind: 'arabic', query, expected: country.id }));
  });
  return [...entityCases(largest, (country) => String(country.name)), ...arabicCases];
}

/** Per kind: the cases and the share found in the top 10. */
export async function relevance(cases: RelevanceCase[], search: (query: string) => Promise<string[]>) {
  const found: Record<string, { cases: number; inTop10: number; missed: string[] }> = {};
  for (const { kind, query, expected } of cases) {
    found[kind] ??= { cases: 0, inTop10: 0, missed: [] };
    const entry = found[kind];
    entry.cases += 1;
    if ((await search(query)).slice(0, 10).includes(expected)) entry.inTop10 += 1;
    else entry.missed.push(query);
  }
  return found;
}
