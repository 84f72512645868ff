// Search engines side by side on the demo sources: Orama (the baseline), MiniSearch,
// FlexSearch and Sift, each in fresh processes (bench/search-engine-run.ts), several runs, medians.
// Prints one JSON line: the search goals (docs/search.md) on the 135,233 cities (value per engine and as a
// ratio to Orama), the relevance shares, and every engine's median measurements.
// SEARCH_BENCH_RUNS (default 3) sets the processes per engine; SEARCH_BENCH_ENGINES a subset.
import { execFileSync } from 'node:child_process';
import { type BenchEngineName, benchEngineNames } from './search-engines';

const RUNS = Number(process.env.SEARCH_BENCH_RUNS ?? 3);
const engines = (process.env.SEARCH_BENCH_ENGINES?.split(',') ?? benchEngineNames) as BenchEngineName[];

type Json = number | string | boolean | null | Json[] | { [key: string]: Json };

/** The median of each number across runs, keeping the shape of the first run. */
function medianOf(runs: Json[]): Json {
  const first = runs[0]!;
  if (typeof first === 'number') {
    const sorted = (runs as number[]).slice().sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  }
  if (first === null || typeof first !== 'object' || Array.isArray(first)) return first;
  return Object.fromEntries(
    Object.keys(first).map((key) => [key, medianOf(runs.map((run) => (run as Record<string, Json>)[key]!))]),
  );
}

function runEngine(engine: BenchEngineName): Json {
  const output = execFileSync('npx', ['tsx', 'bench/search-engine-run.ts', engine], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 2 ** 20,
  });
  const line = output
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  return (JSON.parse(line!) as { results: Json }).results;
}

interface RelevanceKind {
  cases: number;
  inTop10: number;
}
const share = (kinds: Record<string, RelevanceKind>, names: string[]) => {
  const picked = names.map((name) => kinds[name]).filter((kind): kind is RelevanceKind => !!kind);
  const cases = picked.reduce((sum, kind) => sum + kind.cases, 0);
  return cases === 0
    ? null
    : Math.round((1000 * picked.reduce((sum, kind) => sum + kind.inTop10, 0)) / cases) / 10;
};

const medians: Record<string, Json> = {};
for (const engine of engines) {
  medians[engine] = medianOf(Array.from({ length: RUNS }, () => runEngine(engine)));
}

/** The value at a dotted path of an engine's medians. */
function at(engine: string, path: string): Json | undefined {
  let value: Json | undefined = medians[engine];
  for (const key of path.split('.')) {
    value = value !== null && typeof value === 'object' && !Array.isArray(value) ? value[key] : undefined;
  }
  return value;
}
const entityKinds = ['prefix1', 'prefix2', 'prefix3', 'typo'];
const goals: Record<string, { goal: string; path?: string; value?: (engine: string) => number | null }> = {
  searchP95PlainMs: { goal: '<= 2', path: 'cities.latencyMs.all.plain.p95Ms' },
  searchP95EnumFilterMs: { goal: '<= 2', path: 'cities.latencyMs.all.filtered.p95Ms' },
  prefix1to2P95Ms: { goal: '<= 3', path: 'cities.latencyMs.byKind.plain.prefix1to2.p95Ms' },
  cachedToFirstResultMs: { goal: '<= 150', path: 'cities.cachedToFirstResultMs' },
  compressedBytes: { goal: '<= 3400000', path: 'cities.compressedBytes' },
  retainedHeapMb: { goal: '<= 80', path: 'cities.retainedHeapMb' },
  relevancePopularPercent: {
    goal: '>= 90',
    value: (engine) =>
      share(
        { ...prefixed(engine, 'cities'), ...prefixed(engine, 'countries') },
        ['cities', 'countries'].flatMap((source) => entityKinds.map((kind) => `${source}.${kind}`)),
      ),
  },
  relevanceAccentedPercent: {
    goal: '>= 90',
    value: (engine) => share(prefixed(engine, 'cities'), ['cities.accented']),
  },
  relevanceArabicPercent: {
    goal: '>= 90',
    value: (engine) => share(prefixed(engine, 'countries'), ['countries.arabic']),
  },
};

function prefixed(engine: string, source: string): Record<string, RelevanceKind> {
  const kinds = (at(engine, `${source}.relevance`) ?? {}) as unknown as Record<string, RelevanceKind>;
  return Object.fromEntries(Object.entries(kinds).map(([kind, value]) => [`${source}.${kind}`, value]));
}

const rows = Object.fromEntries(
  Object.entries(goals).map(([name, { goal, path, value }]) => {
    const values = Object.fromEntries(
      engines.map((e) => [e, value ? value(e) : (at(e, path!) as number | null)]),
    );
    const orama = values.orama;
    const ratioToOrama = Object.fromEntries(
      engines
        .filter((e) => e !== 'orama' && typeof orama === 'number' && orama !== 0)
        .map((e) => [e, values[e] === null ? null : Math.round((1000 * values[e]!) / orama!) / 1000]),
    );
    return [name, { goal, ...values, ratioToOrama }];
  }),
);

console.info(
  JSON.stringify({
    bench: 'search',
    source: 'cities',
    limit: 1000,
    runs: RUNS,
    goals: rows,
    engines: medians,
  }),
);
