// Relevance checks. The search bench's: popular entities (the most populous cities, the largest
// countries) in the top 10 for the 1-, 2- and 3-letter prefixes of their name and a misspelling,
// accented and Arabic names finding theirs. The relevance suite's: acceptable first results.
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

/** A query of the relevance suite and the results acceptable first: `city:<name>@<country>` or `country:<code>`. */
export interface RelevanceQuery {
  query: string;
  lang: 'en' | 'es' | 'fr' | 'ar';
  kind: string;
  expect: string[];
}

/**
 * Turns the suite's names into hit keys (`<dataType>:<id>`): a city by its name and country code
 * (the most populous of that name), a country by its code. An unknown name throws.
 */
export function expectedKeys(records: {
  countries: Record<string, unknown>[];
  cities: Record<string, unknown>[];
}): (expected: string) => string {
  const cities = new Map<string, Record<string, unknown>>();
  for (const city of records.cities) {
    const key = `${city.name}@${city.country}`;
    if (Number(city.population) > Number(cities.get(key)?.population ?? -1)) cities.set(key, city);
  }
  const countries = new Set(records.countries.map((country) => String(country.code)));
  return (expected) => {
    const [type, name = ''] = expected.split(/:(.*)/s);
    if (type === 'city' && cities.has(name)) return `city:${cities.get(name)!.id}`;
    if (type === 'country' && countries.has(name)) return `country:${name}`;
    throw new Error(`The relevance suite names ${expected}, which the demo data does not hold`);
  };
}

interface Share {
  cases: number;
  firstPercent: number;
  top5Percent: number;
}

/** Shares of queries whose first hit, or one of the first five, is acceptable: overall, per language, per kind. */
export async function relevanceReport(
  queries: RelevanceQuery[],
  keyOf: (expected: string) => string,
  search: (query: string) => Promise<string[]>,
) {
  const outcomes: (RelevanceQuery & { got: string[]; first: boolean; top5: boolean })[] = [];
  for (const query of queries) {
    const wanted = new Set(query.expect.map(keyOf));
    const got = (await search(query.query)).slice(0, 5);
    outcomes.push({
      ...query,
      got,
      first: wanted.has(got[0] ?? ''),
      top5: got.some((key) => wanted.has(key)),
    });
  }
  const share = (picked: typeof outcomes): Share => {
    const percent = (n: number) => Math.round((1000 * n) / picked.length) / 10;
    return {
      cases: picked.length,
      firstPercent: percent(picked.filter((o) => o.first).length),
      top5Percent: percent(picked.filter((o) => o.top5).length),
    };
  };
  const groups = (by: (o: (typeof outcomes)[number]) => string) =>
    Object.fromEntries(
      [...new Set(outcomes.map(by))].map((name) => [name, share(outcomes.filter((o) => by(o) === name))]),
    );
  return {
    ...share(outcomes),
    byLang: groups((o) => o.lang),
    byKind: groups((o) => `${o.lang} ${o.kind}`),
    failures: outcomes
      .filter((o) => !o.first)
      .map(({ query, lang, kind, expect, got, top5 }) => ({ query, lang, kind, expect, got, inTop5: top5 })),
  };
}
