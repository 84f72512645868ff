// One list from the hits of several sources: every source scores on the same scale (field weight ×
// match quality × rank factor, docs/search.md "Ranking"), so merging is ordering by score.
import type { SearchHit } from './search-types';

/** Every source's hits, best score first; equal scores keep their source's order. */
export function mergeHits(perSource: SearchHit[][]): SearchHit[] {
  return perSource.flat().sort((a, b) => b.score - a.score);
}
