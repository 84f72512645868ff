// Runs a request on one source's index and applies the parts of the contract that do not depend
// on the engine: blank terms, the rank factor (score × (1 + rank/10)) and the results-limited flag.
import type { SearchableEngine } from './engine';
import type { SearchHit, SearchIndexResult, SearchRequest } from './search-types';
import { tokenize } from './tokenizer';

export async function runSearch<Index>(
  engine: SearchableEngine<Index>,
  index: Index,
  dataType: string,
  request: SearchRequest,
): Promise<SearchIndexResult> {
  const hasWords = request.term !== undefined && tokenize(request.term).length > 0;
  const result = await engine.search(index, { ...request, term: hasWords ? request.term : undefined });
  const hits: SearchHit[] = result.hits.map((hit) => ({
    id: hit.id,
    score: (hasWords ? hit.score : 1) * (1 + (Number(hit.document.rank) || 0) / 10),
    document: hit.document,
    dataType,
  }));
  // Stable: equal scores keep the engine's order (best rank first). Hits chosen by distance keep it.
  if (!request.near) hits.sort((a, b) => b.score - a.score);
  return {
    hits,
    count: result.count,
    limited: hits.length >= request.limit,
    facets: result.facets,
    histograms: result.histograms ?? {},
  };
}
