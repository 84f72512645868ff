// What the search box in the app bar and the search screen share: the text being typed (the
// screen commits it to the URL once typing pauses) and the results the box steers with the arrow
// keys, as the combobox of the screen's result list.
import { useSyncExternalStore } from 'react';

/** The result list of the search screen, while it is shown. */
export interface ResultsBinding {
  listboxId: string;
  count: number;
  optionId: (index: number) => string;
  open: (index: number) => void;
}

export interface SearchBoxSnapshot {
  draft: string;
  /** The result the arrow keys point at, or -1. */
  active: number;
  results: ResultsBinding | null;
  /** Bumped when the user asks to search now (Enter, clearing the box) instead of after the pause. */
  submits: number;
  /** The box should take the focus once the search screen shows it. */
  focusRequested: boolean;
}

class SearchBoxStore {
  private snapshot: SearchBoxSnapshot = {
    draft: '',
    active: -1,
    results: null,
    submits: 0,
    focusRequested: false,
  };
  private readonly listeners = new Set<() => void>();

  getSnapshot = () => this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  setDraft(draft: string) {
    if (draft !== this.snapshot.draft) this.publish({ draft });
  }

  submit() {
    this.publish({ submits: this.snapshot.submits + 1 });
  }

  /** The screen shows a new page of results (or, with null, is gone): nothing is pointed at. */
  bindResults(results: ResultsBinding | null) {
    this.publish({ results, active: -1 });
  }

  setActive(active: number) {
    if (active !== this.snapshot.active) this.publish({ active });
  }

  /** Moves the pointer by `step`, wrapping around; -1 (the box itself) sits between last and first. */
  move(step: 1 | -1) {
    const count = this.snapshot.results?.count ?? 0;
    if (count === 0) return;
    const positions = count + 1;
    this.setActive(((this.snapshot.active + 1 + step + positions) % positions) - 1);
  }

  /** Opens the result pointed at; false when there is none. */
  openActive(): boolean {
    const { results, active } = this.snapshot;
    if (!results || active < 0 || active >= results.count) return false;
    results.open(active);
    return true;
  }

  requestFocus(requested = true) {
    if (requested !== this.snapshot.focusRequested) this.publish({ focusRequested: requested });
  }

  private publish(change: Partial<SearchBoxSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}

export const searchBoxStore = new SearchBoxStore();

export function useSearchBox(): SearchBoxSnapshot {
  return useSyncExternalStore(searchBoxStore.subscribe, searchBoxStore.getSnapshot);
}
