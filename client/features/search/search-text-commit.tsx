// Connects the search box to the screen's URL: the typed text is committed once typing pauses
// (spec §9: 500 ms) or at once on Enter, a new text starts again at page 1, and an emptied text
// without chips leaves the screen for the page the search started from, or /search (spec §2).
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '#client/paths';
import { rememberSearch } from './recent-searches';
import { useSearchBox, useSearchBoxStore } from './search-box-store';
import { DEFAULT_PAGE, searchFromOf, searchUrlOfItemState } from './search-url-state';
import type { SearchScreenPatch } from './use-search-screen-state';

export const SEARCH_DEBOUNCE_MS = 500;

/** Renders nothing: a component of its own so that keystrokes re-render only it, not the screen. */
export function SearchTextCommit({
  urlText,
  chips,
  update,
}: {
  urlText: string;
  chips: readonly string[];
  update: (patch: SearchScreenPatch) => void;
}) {
  const searchBoxStore = useSearchBoxStore();
  const draft = useSearchBox((s) => s.draft);
  const submits = useSearchBox((s) => s.submits);
  const navigate = useNavigate();
  const location = useLocation();
  const committed = useRef<string | undefined>(undefined);
  const handledSubmits = useRef(submits);

  // The URL changed under the box (a link, back and forward, a pasted URL): the box shows it.
  // On arrival, text still being typed (the search started on another page) is kept.
  useEffect(() => {
    if (urlText === committed.current) return;
    if (committed.current !== undefined || !searchBoxStore.getSnapshot().draft) {
      searchBoxStore.setDraft(urlText);
    }
    committed.current = urlText;
  }, [urlText, searchBoxStore]);

  useEffect(() => {
    const now = submits !== handledSubmits.current;
    handledSubmits.current = submits;
    if (draft === committed.current) return;
    const commit = () => {
      committed.current = draft;
      if (draft.trim() || chips.length > 0) update({ text: draft, page: DEFAULT_PAGE });
      else if (searchFromOf(location.state)) navigate(-1);
      else navigate(paths.search(), { replace: true });
    };
    if (now) return commit();
    const timer = setTimeout(commit, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, submits, chips, update, navigate, location.state]);

  // Leaving the screen empties the box for the next page. Leaving it for a result (by a click or
  // the keyboard; the router has pushed the item's entry by now) makes its search a recent one.
  useEffect(
    () => () => {
      searchBoxStore.setDraft('');
      const searchUrl = searchUrlOfItemState(window.history.state?.usr);
      const text = searchUrl && new URLSearchParams(searchUrl.split('?')[1]).get('s');
      if (text) rememberSearch(text, searchBoxStore.getSnapshot().owner);
    },
    [searchBoxStore],
  );
  return null;
}
