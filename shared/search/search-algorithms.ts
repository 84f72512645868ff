// The search algorithms a data source may name in app.config.ts; each selects an engine
// (shared/search/engines.ts). Kept apart from the engines so config validation stays light.
export const searchAlgorithms = ['bm25', 'qps', 'sift'] as const;

export type SearchAlgorithm = (typeof searchAlgorithms)[number];
