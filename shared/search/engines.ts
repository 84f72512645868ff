// The engine behind each algorithm name of app.config.ts: the engines the app ships.
import type { SearchEngine } from './engine';
import type { SearchAlgorithm } from './search-algorithms';
import { siftEngine } from './sift-engine';

const engines: Record<SearchAlgorithm, SearchEngine> = {
  sift: siftEngine,
};

/** Takes any name, since artifact headers are data: one this build has no engine for throws. */
export function engineFor(algorithm: string): SearchEngine {
  if (!Object.hasOwn(engines, algorithm)) throw new Error(`No search engine for algorithm "${algorithm}"`);
  return engines[algorithm as SearchAlgorithm];
}
