// Search load state (spec §4): each source unloaded → loading → loaded | error, the overall state
// derived from them, and the searching flag. Components read it through useSearchIndexes; the app
// keeps one in its search deps.
import { createStore } from 'zustand/vanilla';
import type { LoadState } from '#shared/search/search-types';

export interface SourceLoad {
  state: LoadState;
  /** The server is still building this source's first index. */
  preparing?: true;
  /** Compressed artifact size, once the server has said. */
  size?: number;
  /** Bytes downloaded so far. */
  loaded?: number;
  documentCount?: number;
  /** Where the loaded index came from. */
  from?: 'memory' | 'cache' | 'network';
  crc32c?: number;
  /** The loaded delta segment's, when the source changed since its artifact (ADR 020). */
  deltaCrc32c?: number;
}

/** The checksum of the newest segment loaded: what an index-updated event is compared with. */
export const newestSegment = (source: SourceLoad) => source.deltaCrc32c ?? source.crc32c;

export interface SearchLoadSnapshot {
  /** unloaded until a source loads, loading while any does, then loaded (even if some failed). */
  overall: Exclude<LoadState, 'error'>;
  sources: Readonly<Record<string, SourceLoad>>;
  searching: boolean;
}

/**
 * What a screen draws of the load state. The searching flag goes up and down at every search and
 * draws nothing, so a reader that took it would be drawn again twice a search.
 */
export type SourceLoads = Pick<SearchLoadSnapshot, 'overall' | 'sources'>;

/** For `useSearchIndexes(…, useShallow(sourceLoads))`. */
export const sourceLoads = ({ overall, sources }: SearchLoadSnapshot): SourceLoads => ({ overall, sources });

function overallOf(sources: Record<string, SourceLoad>): SearchLoadSnapshot['overall'] {
  const states = Object.values(sources).map((s) => s.state);
  if (states.includes('loading')) return 'loading';
  return states.some((s) => s === 'loaded' || s === 'error') ? 'loaded' : 'unloaded';
}

/** A store of its own per caller: the app has one, tests make theirs. */
export function createSearchLoadStore() {
  const state = createStore<SearchLoadSnapshot>()(() => ({
    overall: 'unloaded',
    sources: {},
    searching: false,
  }));
  let searches = 0;
  let loads = 0;

  return {
    /** For useStore in components. */
    state,
    getSnapshot: state.getState,
    subscribe: state.subscribe,

    /** Replaces what is known about a source (omit `load` to forget the source). */
    setSource(name: string, load?: SourceLoad) {
      const sources = { ...state.getState().sources };
      if (load) sources[name] = load;
      else delete sources[name];
      state.setState({ sources, overall: overallOf(sources) });
    },

    /** A load begins and supersedes any running: the answer says whether it still is the latest. */
    beginLoad(): () => boolean {
      const mine = ++loads;
      return () => mine === loads;
    },

    /** Counts overlapping searches so the flag stays up until the last one ends. */
    searchStarted() {
      searches += 1;
      if (!state.getState().searching) state.setState({ searching: true });
    },

    searchEnded() {
      searches = Math.max(0, searches - 1);
      if (searches === 0) state.setState({ searching: false });
    },
  };
}

export type SearchLoadStore = ReturnType<typeof createSearchLoadStore>;
