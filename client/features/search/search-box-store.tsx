// What the search box in the app bar and the search screen share: the text being typed (the
// screen commits it to the URL once typing pauses) and the results the box steers with the arrow
// keys, as the combobox of the screen's result list. One store per app (a provider, not a module
// singleton), so a server render never shares one visitor's box with another.
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

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
  /** The page a search was started from while the screen is still on its way there. */
  startedFrom: string | undefined;
}

export function createSearchBoxStore() {
  const box = createStore<SearchBoxSnapshot>()(() => ({
    draft: '',
    active: -1,
    results: null,
    submits: 0,
    focusRequested: false,
    startedFrom: undefined,
  }));

  const store = {
    state: box,
    getSnapshot: box.getState,

    setDraft(draft: string) {
      if (draft !== box.getState().draft) box.setState({ draft });
    },

    submit() {
      box.setState((s) => ({ submits: s.submits + 1 }));
    },

    /** The screen shows a new page of results (or, with null, is gone): nothing is pointed at. */
    bindResults(results: ResultsBinding | null) {
      box.setState({ results, active: -1 });
    },

    setActive(active: number) {
      if (active !== box.getState().active) box.setState({ active });
    },

    /** Moves the pointer by `step`, wrapping around; -1 (the box itself) sits between last and first. */
    move(step: 1 | -1) {
      const { results, active } = box.getState();
      const count = results?.count ?? 0;
      if (count === 0) return;
      const positions = count + 1;
      store.setActive(((active + 1 + step + positions) % positions) - 1);
    },

    /** Opens the result pointed at; false when there is none. */
    openActive(): boolean {
      const { results, active } = box.getState();
      if (!results || active < 0 || active >= results.count) return false;
      results.open(active);
      return true;
    },

    requestFocus(requested = true) {
      if (requested !== box.getState().focusRequested) box.setState({ focusRequested: requested });
    },

    setStartedFrom(startedFrom: string | undefined) {
      if (startedFrom !== box.getState().startedFrom) box.setState({ startedFrom });
    },
  };
  return store;
}

export type SearchBoxStore = ReturnType<typeof createSearchBoxStore>;

const SearchBoxContext = createContext<SearchBoxStore | null>(null);

/** The app's search box store, made once per mounted app. */
export function SearchBoxProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createSearchBoxStore);
  return <SearchBoxContext value={store}>{children}</SearchBoxContext>;
}

export function useSearchBoxStore(): SearchBoxStore {
  const store = useContext(SearchBoxContext);
  if (!store) throw new Error('useSearchBoxStore needs a SearchBoxProvider');
  return store;
}

/** One field of the box's state; the component re-renders only when that field changes. */
export function useSearchBox<T>(select: (snapshot: SearchBoxSnapshot) => T): T {
  return useStore(useSearchBoxStore().state, select);
}
