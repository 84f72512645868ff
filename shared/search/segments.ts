// A source's index in two segments (ADR 020): the base artifact and, once the source changed
// after the base was built, one delta artifact holding every document added or changed since, and
// naming the base documents it hides (those changed and those removed). The base is searched
// without them, the delta beside it, and the two results merged: what one index of the current
// documents would answer, for the cost of a search of the small delta.
import type { EngineHit, EngineResult, SearchableEngine, SearchEngine, WordSpelling } from './engine';
import type { FacetCounts, SearchRequest } from './search-types';
import { compareSpellings } from './sift';
import { distanceKm } from './sift/geo-distance';

export interface Segments<Index> {
  /** The base without the documents the delta hides. */
  base: Index;
  delta: Index;
}

/** The base with `delta` on top; `hides` are the keys of the base documents it replaces or removes. */
export function withDelta<Index>(
  engine: SearchEngine<Index>,
  base: Index,
  delta: Index,
  hides: string[],
): Segments<Index> {
  if (!engine.withHidden) throw new Error(`The ${engine.algorithm} engine cannot take delta segments`);
  return { base: engine.withHidden(base, hides), delta };
}

/** Searches segments as one index of `engine`. */
export function segmentedEngine<Index>(engine: SearchEngine<Index>): SearchableEngine<Segments<Index>> {
  return {
    async search(segments, request) {
      const [base, delta] = await Promise.all([
        engine.search(segments.base, request),
        engine.search(segments.delta, request),
      ]);
      return mergeResults(request, base, delta);
    },
    getDocument: (segments, id) =>
      engine.getDocument(segments.delta, id) ?? engine.getDocument(segments.base, id),
    spell: (segments, word) => {
      const answers = [segments.base, segments.delta].map((index) => engine.spell?.(index, word));
      if (answers.includes('known')) return 'known';
      return answers
        .filter((answer): answer is Exclude<WordSpelling, 'known' | undefined> => answer !== undefined)
        .sort(compareSpellings)[0];
    },
    count: (segments) => engine.count(segments.base) + engine.count(segments.delta),
  };
}

/**
 * One result of two segments' results: the best `limit` hits in the engine's own order (score ×
 * rank factor with words, the rank factor without, distance with `near`), counts, facets and
 * histograms added up.
 */
function mergeResults(request: SearchRequest, a: EngineResult, b: EngineResult): EngineResult {
  const hits = [...a.hits, ...b.hits].sort(hitOrder(request)).slice(0, request.limit);
  const histograms = a.histograms &&
    b.histograms && {
      ...a.histograms,
      ...Object.fromEntries(
        Object.entries(b.histograms).map(([property, counts]) => [
          property,
          counts.map((count, i) => count + (a.histograms?.[property]?.[i] ?? 0)),
        ]),
      ),
    };
  return { hits, count: a.count + b.count, facets: addFacets(a.facets, b.facets), histograms };
}

/**
 * Orders hits as each engine ranks its own (Sift's order): by score × rank factor with words, by
 * distance with `near`, else by rank factor; ties go to the better-ranked document.
 */
function hitOrder(request: SearchRequest): (a: EngineHit, b: EngineHit) => number {
  const rankFactor = (hit: EngineHit) => 1 + (Number(hit.document.rank) || 0) / 10;
  const { near, term } = request;
  const key: (hit: EngineHit) => number = near
    ? ({ document }) => {
        const km = distanceKm(near, {
          lat: Number(document[near.latProperty] ?? Number.NaN),
          lon: Number(document[near.lonProperty] ?? Number.NaN),
        });
        return Number.isNaN(km) ? Number.NEGATIVE_INFINITY : -km;
      }
    : term === undefined
      ? rankFactor
      : (hit) => hit.score * rankFactor(hit);
  return (a, b) => key(b) - key(a) || rankFactor(b) - rankFactor(a);
}

function addFacets(a: FacetCounts, b: FacetCounts): FacetCounts {
  // Maps, not objects: a value is data and may be "__proto__".
  const sum = new Map<string, Map<string, number>>();
  for (const facets of [a, b]) {
    for (const [property, counts] of Object.entries(facets)) {
      const into = sum.get(property) ?? new Map<string, number>();
      sum.set(property, into);
      for (const [value, count] of Object.entries(counts)) into.set(value, (into.get(value) ?? 0) + count);
    }
  }
  return Object.fromEntries([...sum].map(([property, counts]) => [property, Object.fromEntries(counts)]));
}
