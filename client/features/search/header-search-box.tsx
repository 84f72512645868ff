// The app bar's search box, the combobox of the search screen. Typing anywhere opens the search
// screen with the text (remembering the page it started from); on the screen it steers the
// results: arrow keys move through them, Enter opens one, Escape steps back. "/" focuses it.
// While it has the focus, a popup offers titles completing the text, or the recent searches
// when it is empty (docs/search-screen.md, "Help while typing").
import Close from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, InputAdornment, TextField } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isSearchScreenPath, paths } from '#client/paths';
import { clearRecentSearches, forgetRecentSearch, rememberSearch } from './recent-searches';
import { type Suggestion, useSearchBox, useSearchBoxStore } from './search-box-store';
import { SearchSuggestionsPopup } from './search-suggestions-popup';
import { type SearchHistoryState, searchFromOf } from './search-url-state';
import { useBoxSuggestions } from './use-box-suggestions';

const BOX_SELECTOR = 'input[data-search-box]';

/** Each shown box listens (the home page has a second one); all of them focus the first. */
function focusOnSlash(event: globalThis.KeyboardEvent) {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return;
  const box = document.querySelector<HTMLInputElement>(BOX_SELECTOR);
  if (!box) return;
  event.preventDefault();
  box.focus();
  box.select();
}

function useSlashShortcut() {
  useEffect(() => {
    document.addEventListener('keydown', focusOnSlash);
    return () => document.removeEventListener('keydown', focusOnSlash);
  }, []);
}

/** The caret stands at the end of the text, nothing selected. */
const caretAtEnd = (input: HTMLInputElement) =>
  input.selectionStart === input.value.length && input.selectionEnd === input.value.length;

/** `landmarkLabel` names the search landmark where the page has a second box (the home page). */
export function HeaderSearchBox({ landmarkLabel }: { landmarkLabel?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const searchBoxStore = useSearchBoxStore();
  const draft = useSearchBox((s) => s.draft);
  const active = useSearchBox((s) => s.active);
  const results = useSearchBox((s) => s.results);
  const focusRequested = useSearchBox((s) => s.focusRequested);
  const suggestions = useSearchBox((s) => s.suggestions);
  const suggested = useSearchBox((s) => s.suggested);
  const popupOpen = useSearchBox((s) => s.popupOpen);
  const owner = useSearchBox((s) => s.owner);
  const input = useRef<HTMLInputElement>(null);
  /** The popup shows under the box that has the focus (the home page has a second box). */
  const [focusHere, setFocusHere] = useState(false);
  const onScreen = results !== null;
  const forward = useTheme().direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const popupId = useId();
  const suggestionId = (index: number) => `${popupId}-suggestion-${index}`;
  const recentHintId = `${popupId}-recent-hint`;
  const readRecentAgain = useBoxSuggestions();
  useSlashShortcut();

  // Typing started on another page: the search screen's box carries on with the focus.
  useEffect(() => {
    const box = input.current;
    if (onScreen) searchBoxStore.setStartedFrom(undefined);
    if (!onScreen || !focusRequested || !box) return;
    searchBoxStore.requestFocus(false);
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [onScreen, focusRequested, searchBoxStore]);

  const here = `${location.pathname}${location.search}${location.hash}`;
  /**
   * Opens the screen once; keystrokes until it shows only change the text it takes over, on the
   * page it started from and on the search page it opened (whose screen mounts a commit later).
   * On the search page the screen takes the text over itself, even while its code still loads:
   * a navigation for the first letter would land after the next ones and show it alone.
   */
  const startSearch = (text: string) => {
    const { startedFrom } = searchBoxStore.getSnapshot();
    const opened = startedFrom !== undefined && searchFromOf(location.state) === startedFrom;
    const onSearchPage = onScreen || isSearchScreenPath(location.pathname);
    if (onSearchPage || !text.trim() || startedFrom === here || opened) return;
    searchBoxStore.setStartedFrom(here);
    const state: SearchHistoryState = { searchFrom: here };
    searchBoxStore.requestFocus();
    navigate(paths.search({ s: text }), { state });
  };

  const change = (text: string) => {
    searchBoxStore.setDraft(text);
    searchBoxStore.setPopupOpen(true);
    startSearch(text);
  };

  /** Searches `text` now: it becomes a recent search, and the popup closes. */
  const searchNow = (text: string) => {
    searchBoxStore.setPopupOpen(false);
    rememberSearch(text, owner);
    if (onScreen) searchBoxStore.submit();
    else startSearch(text);
  };

  const choose = (suggestion: Suggestion) => {
    searchBoxStore.setDraft(suggestion.text);
    searchNow(suggestion.text);
  };

  const removeRecent = (suggestion: Suggestion) => {
    forgetRecentSearch(suggestion.text, owner);
    readRecentAgain();
  };

  const clearRecent = () => {
    clearRecentSearches();
    readRecentAgain();
    input.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pointed = searchBoxStore.shownSuggestions()[suggested];
    if (pointed) return choose(pointed);
    if (draft.trim()) rememberSearch(draft, owner);
    if (searchBoxStore.openActive()) return;
    searchNow(draft);
  };

  const clear = () => {
    searchBoxStore.setDraft('');
    searchBoxStore.submit();
    input.current?.focus();
  };

  const shown = popupOpen && focusHere ? suggestions : [];
  const pointed = shown[suggested];
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const completion = pointed ?? shown.find((s) => s.kind === 'completion');
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (searchBoxStore.move(event.key === 'ArrowDown' ? 1 : -1)) event.preventDefault();
    } else if (
      (event.key === 'Tab' && pointed && !event.shiftKey) ||
      (event.key === forward && completion && caretAtEnd(event.currentTarget))
    ) {
      event.preventDefault();
      choose((event.key === 'Tab' ? pointed : completion)!);
    } else if (event.key === 'Delete' && pointed?.kind === 'recent') {
      event.preventDefault();
      removeRecent(pointed);
    } else if (event.key === 'Escape' && (shown.length > 0 || active >= 0 || draft)) {
      event.preventDefault();
      if (shown.length > 0) searchBoxStore.setPopupOpen(false);
      else if (active >= 0) searchBoxStore.setActive(-1);
      else clear();
    }
  };

  // The popup stays open while the focus moves within the form (to "Clear recent searches").
  const blur = (event: FocusEvent<HTMLFormElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    setFocusHere(false);
    searchBoxStore.setPopupOpen(false);
  };

  const resultsShown = onScreen && results.count > 0;
  const expanded = shown.length > 0 || resultsShown;
  const controls = [shown.length > 0 && popupId, resultsShown && results.listboxId].filter(Boolean).join(' ');
  const activeDescendant = pointed
    ? suggestionId(suggested)
    : resultsShown && active >= 0
      ? results.optionId(active)
      : undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some of the browsers Sift supports
    <form
      role="search"
      aria-label={landmarkLabel ?? t('search.placeholder')}
      onSubmit={submit}
      onFocus={() => {
        setFocusHere(true);
        searchBoxStore.setPopupOpen(true);
      }}
      onBlur={blur}
      style={{ flex: 1, maxWidth: 560, position: 'relative' }}
    >
      <TextField
        size="small"
        fullWidth
        value={draft}
        onChange={(e) => change(e.target.value)}
        placeholder={t('search.placeholder')}
        slotProps={{
          htmlInput: {
            ref: input,
            'data-search-box': '',
            role: 'combobox',
            'aria-label': t('search.placeholder'),
            'aria-autocomplete': 'list',
            'aria-expanded': expanded,
            'aria-controls': controls || undefined,
            'aria-activedescendant': activeDescendant,
            'aria-describedby': shown[0]?.kind === 'recent' ? recentHintId : undefined,
            enterKeyHint: 'search',
            autoComplete: 'off',
            spellCheck: false,
            onKeyDown: keyDown,
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: draft ? (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" onClick={clear} aria-label={t('search.clear')}>
                  <Close fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : (
              <InputAdornment position="end" sx={{ display: { xs: 'none', md: 'flex' } }}>
                <Box
                  component="kbd"
                  title={t('search.shortcut_hint')}
                  sx={{
                    px: 0.75,
                    borderRadius: 1,
                    border: 1,
                    borderColor: 'divider',
                    fontFamily: 'inherit',
                    fontSize: 12,
                    lineHeight: '18px',
                    color: 'text.secondary',
                  }}
                >
                  /
                </Box>
              </InputAdornment>
            ),
            sx: { borderRadius: 99, bgcolor: 'action.hover' },
          },
        }}
      />
      <SearchSuggestionsPopup
        shown={focusHere}
        listboxId={popupId}
        optionId={suggestionId}
        onChoose={choose}
        onRemove={removeRecent}
        onClear={clearRecent}
      />
      <span id={recentHintId} hidden>
        {t('search.help.recent_hint')}
      </span>
    </form>
  );
}
