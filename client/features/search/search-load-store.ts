// Search load state (spec §4): each source unloaded → loading → loaded | error, the overall state
// derived from them, and the searching flag. Components read it through useSearchLoadState.
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
}

export interface SearchLoadSnapshot {
  /** unloaded until a source loads, loading while any does, then loaded (even if some failed). */
  overall: Exclude<LoadState, 'error'>;
  sources: Readonly<Record<string, SourceLoad>>;
  searching: boolean;
}

function overallOf(sources: Record<string, SourceLoad>): SearchLoadSnapshot['overall'] {
  const states = Object.values(sources).map((s) => s.state);
  if (states.includes('loading')) return 'loading';
  return states.some((s) => s === 'loaded' || s === 'error') ? 'loaded' : 'unloaded';
}

export class SearchLoadStore {
  private snapshot: SearchLoadSnapshot = { overall: 'unloaded', sources: {}, searching: false };
  private readonly listeners = new Set<() => void>();
  private searches = 0;

  getSnapshot = (): SearchLoadSnapshot => this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Replaces what is known about a source (omit `load` to forget the source). */
  setSource(name: string, load?: SourceLoad) {
    const sources = { ...this.snapshot.sources };
    if (load) sources[name] = load;
    else delete sources[name];
    this.publish({ ...this.snapshot, sources, overall: overallOf(sources) });
  }

  /** Counts overlapping searches so the flag stays up until the last one ends. */
  searchStarted() {
    this.searches += 1;
    if (!this.snapshot.searching) this.publish({ ...this.snapshot, searching: true });
  }

  searchEnded() {
    this.searches = Math.max(0, this.searches - 1);
    if (this.searches === 0) this.publish({ ...this.snapshot, searching: false });
  }

  private publish(snapshot: SearchLoadSnapshot) {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}

export const searchLoadStore = new SearchLoadStore();
