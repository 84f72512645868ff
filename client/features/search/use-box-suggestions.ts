// Fills the search box's popup while it is open: the recent searches while the text is empty,
// else the titles completing it (from the search screen's suggester, newest text wins).
import { useCallback, useEffect, useState } from 'react';
import { readRecentSearches } from './recent-searches';
import { useSearchBox, useSearchBoxStore } from './search-box-store';

/** Returns a function that reads the recent searches again (after one was removed). */
export function useBoxSuggestions(): () => void {
  const searchBoxStore = useSearchBoxStore();
  const draft = useSearchBox((s) => s.draft);
  const popupOpen = useSearchBox((s) => s.popupOpen);
  const suggester = useSearchBox((s) => s.suggester);
  const owner = useSearchBox((s) => s.owner);
  const [recentRead, setRecentRead] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: recentRead asks for the recent searches again
  useEffect(() => {
    if (!popupOpen) return;
    if (!draft.trim()) {
      searchBoxStore.setSuggestions(readRecentSearches(owner).map((text) => ({ kind: 'recent', text })));
      return;
    }
    if (!suggester) return searchBoxStore.setSuggestions([]);
    let current = true;
    suggester(draft).then(
      (titles) =>
        current && searchBoxStore.setSuggestions(titles.map((text) => ({ kind: 'completion', text }))),
      () => current && searchBoxStore.setSuggestions([]),
    );
    return () => {
      current = false;
    };
  }, [draft, popupOpen, suggester, owner, recentRead, searchBoxStore]);

  return useCallback(() => setRecentRead((n) => n + 1), []);
}
