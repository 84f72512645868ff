// Results drawn before the device has searched: those the server rendered the page with
// (docs/rendering.md, "Public items"). The screen shows them, for the query they answer, while its
// own indexes load, so hydration draws what the server drew and the visitor reads results at once.
import type { ScreenQuery, ScreenResult } from './run-screen-search';

export interface FirstResults {
  query: ScreenQuery;
  /**
   * The sources searched (the public ones) and the documents in each one's index, which the screen
   * counts as visible and shows until its own load says.
   */
  sources: Record<string, number>;
  /** The result with only the hits of the page shown. */
  result: ScreenResult;
}

const queryKey = ({ term, chips, filters }: ScreenQuery) => JSON.stringify({ term, chips, filters });

/** The first result when it answers `query`, else undefined. */
export function firstResultFor(
  first: FirstResults | null | undefined,
  query: ScreenQuery,
): ScreenResult | undefined {
  return first && queryKey(first.query) === queryKey(query) ? first.result : undefined;
}
