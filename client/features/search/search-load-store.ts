// Search load state (spec §4): each source unloaded → loading → loaded | error, the overall state
// derived from them, the bytes of each running download, and the searching flag. Components read
// it through useSearchIndexes; the app keeps one in its search deps.
import { createStore } from 'zustand/vanilla';
import type { LoadState } from '#shared/search/search-types';

export interface SourceLoad {
  state: LoadState;
  /** The server is still building this source's first index. */
  preparing?: true;
  /** Compressed artifact size, once the server has said. */
  size?: number;
  documentCount?: number;
  /** Where the loaded index came from. */
  from?: 'memory' | 'cache' | 'network';
  crc32c?: number;
  /** The loaded delta segment's, when the source changed since its artifact (ADR 020). */
  deltaCrc32c?: number;
  /**
   * While loading: the documents of its head segment, searchable (its best-ranked ones) until the
   * whole index is loaded.
   */
  firstSearchable?: number;
}

/** Whether searches take the source: loaded, or loading with its head segment searchable. */
export const isSearchable = (source: SourceLoad | undefined) =>
  source?.state === 'loaded' || (source?.state === 'loading' && source.firstSearchable !== undefined);

/** The checksum of the newest segment loaded: what an index-updated event is compared with. */
export const newestSegment = (source: SourceLoad) => source.deltaCrc32c ?? source.crc32c;

export interface SearchLoadSnapshot {
  /** unloaded until a source loads, loading while any does, then loaded (even if some failed). */
  overall: Exclude<LoadState, 'error'>;
  sources: Readonly<Record<string, SourceLoad>>;
  /**
   * Bytes downloaded so far, per source whose download is running. Apart from `sources`: it moves
   * dozens of times a download, and only the progress bar draws it.
   */
  downloaded: Readonly<Record<string, number>>;
  searching: boolean;
}

/**
 * What a screen draws of the load state. The searching flag goes up and down at every search and
 * draws nothing, so a reader that took it would be drawn again twice a search.
 */
export type SourceLoads = Pick<SearchLoadSnapshot, 'overall' | 'sources'>;

/** For `useSearchIndexes(…, sourceLoads)`. */
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
    downloaded: {},
    searching: false,
  }));
  let searches = 0;
  let loads = 0;

  return {
    /** For useStore in components. */
    state,
    getSnapshot: state.getState,
    subscribe: state.subscribe,

    /**
     * Replaces what is known about a source (omit `load` to forget the source). A source no longer
     * loading has no download running.
     */
    setSource(name: string, load?: SourceLoad) {
      const { sources: before, downloaded: running } = state.getState();
      const sources = { ...before };
      if (load) sources[name] = load;
      else delete sources[name];
      const downloaded = { ...running };
      if (load?.state !== 'loading') delete downloaded[name];
      state.setState({ sources, downloaded, overall: overallOf(sources) });
    },

    /** How much of a loading source's download has arrived. */
    setDownloaded(name: string, bytes: number) {
      if (state.getState().sources[name]?.state !== 'loading') return;
      state.setState({ downloaded: { ...state.getState().downloaded, [name]: bytes } });
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
