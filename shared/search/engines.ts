// The engine behind each algorithm name of app.config.ts.
import type { SearchEngine } from './engine';
import { oramaEngine } from './orama-engine';
import type { SearchAlgorithm } from './search-algorithms';
import { siftEngine } from './sift-engine';

const engines: Record<SearchAlgorithm, SearchEngine> = {
  bm25: oramaEngine('bm25') as SearchEngine,
  qps: oramaEngine('qps') as SearchEngine,
  sift: siftEngine as SearchEngine,
};

export function engineFor(algorithm: SearchAlgorithm): SearchEngine {
  return engines[algorithm];
}
