// What the search box in the app bar and the search screen share: the text being typed (the
// screen commits it to the URL once typing pauses) and the results the box steers with the arrow
// keys, as the combobox of the screen's result list. One store per app (a provider, not a module
// singleton), so a server render never shares one visitor's box with another.
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { isSearchScreenPath } from '#client/paths';

/** The result list of the search screen, while it is shown. */
export interface ResultsBinding {
  listboxId: string;
  count: number;
  /** Names the results shown (their links, in order): the same results drawn again keep the pointer. */
  shown: string;
  optionId: (index: number) => string;
  open: (index: number) => void;
}

/** What the box offers in its popup: titles completing the text, or recent searches while it is empty. */
export interface Suggestion {
  kind: 'completion' | 'recent';
  text: string;
}

/** Titles completing a text, from the screen's loaded indexes (query-suggestions.ts). */
export type Suggester = (text: string) => Promise<string[]>;

export interface SearchBoxSnapshot {
  draft: string;
  /** The result the arrow keys point at, or -1. */
  active: number;
  results: ResultsBinding | null;
  /** The popup's options (shown while `popupOpen`). */
  suggestions: Suggestion[];
  /** The suggestion the arrow keys point at, or -1; never both it and `active`. */
  suggested: number;
  /** The box has the focus and the popup was not dismissed (Escape, Enter, a choice). */
  popupOpen: boolean;
  /** Set by the search screen, whose indexes complete the text. */
  suggester: Suggester | null;
  /** Whose recent searches the box offers: the signed-in user's id, or null (set by the app layer). */
  owner: string | null;
  /** Bumped when the user asks to search now (Enter, clearing the box) instead of after the pause. */
  submits: number;
  /** The box should take the focus once the search screen shows it. */
  focusRequested: boolean;
  /** The page a search was started from while the screen is still on its way there. */
  startedFrom: string | undefined;
}

/**
 * The text a page's URL searches for: its `s` on the search screen (`/search`, `/search/:chips`),
 * nothing elsewhere. The box shows it from the first render, the server's too.
 */
export function searchTextOf(url: URL): string {
  return isSearchScreenPath(url.pathname) ? (url.searchParams.get('s') ?? '') : '';
}

/** `draft`: the text the page opened with, so a page the server drew hydrates with it. */
export function createSearchBoxStore(draft = '') {
  const box = createStore<SearchBoxSnapshot>()(() => ({
    draft,
    active: -1,
    results: null,
    suggestions: [],
    suggested: -1,
    popupOpen: false,
    suggester: null,
    owner: null,
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

    /**
     * The screen shows a new page of results (or, with null, is gone): nothing is pointed at. The
     * same results drawn again (an answer arriving twice, a new history entry) keep what is.
     */
    bindResults(results: ResultsBinding | null) {
      const before = box.getState().results;
      const same = !!results && results.listboxId === before?.listboxId && results.shown === before.shown;
      box.setState({ results, active: same ? box.getState().active : -1 });
    },

    setActive(active: number) {
      const state = box.getState();
      if (active !== state.active || state.suggested !== -1) box.setState({ active, suggested: -1 });
    },

    /** The suggestions the popup shows now: none while it is closed. */
    shownSuggestions(): Suggestion[] {
      const { popupOpen, suggestions } = box.getState();
      return popupOpen ? suggestions : [];
    },

    /**
     * Moves the pointer by `step` through the shown suggestions, then the results, wrapping around;
     * -1 (the box itself) sits between the last and the first. False when there is nothing to point at.
     */
    move(step: 1 | -1): boolean {
      const { results, active, suggested } = box.getState();
      const shown = store.shownSuggestions().length;
      const count = shown + (results?.count ?? 0);
      if (count === 0) return false;
      const position = suggested >= 0 ? suggested : active >= 0 ? shown + active : -1;
      const next = ((position + 1 + step + count + 1) % (count + 1)) - 1;
      box.setState({
        suggested: next >= 0 && next < shown ? next : -1,
        active: next >= shown ? next - shown : -1,
      });
      return true;
    },

    setSuggestions(suggestions: Suggestion[]) {
      box.setState({ suggestions, suggested: -1 });
    },

    setPopupOpen(popupOpen: boolean) {
      if (popupOpen !== box.getState().popupOpen) box.setState({ popupOpen, suggested: -1 });
    },

    bindSuggester(suggester: Suggester | null) {
      box.setState({ suggester });
    },

    setOwner(owner: string | null) {
      if (owner !== box.getState().owner) box.setState({ owner });
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

/** The app's search box store, made once per mounted app, showing `draft` at first. */
export function SearchBoxProvider({ draft, children }: { draft: string; children: ReactNode }) {
  const [store] = useState(() => createSearchBoxStore(draft));
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
