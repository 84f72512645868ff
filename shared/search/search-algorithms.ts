// The search algorithms a data source may name in app.config.ts; each selects an engine
// (shared/search/engines.ts). Kept apart from the engines so config validation stays light.
// Orama, the benchmark's baseline, is not one: it lives in bench/ and never ships.
export const searchAlgorithms = ['sift'] as const;

export type SearchAlgorithm = (typeof searchAlgorithms)[number];
