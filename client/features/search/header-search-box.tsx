// The app bar's search box, the combobox of the search screen. Typing anywhere opens the search
// screen with the text (remembering the page it started from); on the screen it steers the
// results: arrow keys move through them, Enter opens one, Escape steps back. "/" focuses it.
import Close from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, InputAdornment, TextField } from '@mui/material';
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '#client/paths';
import { useSearchBox, useSearchBoxStore } from './search-box-store';
import { type SearchHistoryState, searchFromOf } from './search-url-state';

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
  const input = useRef<HTMLInputElement>(null);
  const onScreen = results !== null;
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
   */
  const startSearch = (text: string) => {
    const { startedFrom } = searchBoxStore.getSnapshot();
    const opened = startedFrom !== undefined && searchFromOf(location.state) === startedFrom;
    if (onScreen || !text.trim() || startedFrom === here || opened) return;
    searchBoxStore.setStartedFrom(here);
    const state: SearchHistoryState = { searchFrom: here };
    searchBoxStore.requestFocus();
    navigate(paths.search({ s: text }), { state });
  };

  const change = (text: string) => {
    searchBoxStore.setDraft(text);
    startSearch(text);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (searchBoxStore.openActive()) return;
    if (onScreen) searchBoxStore.submit();
    else startSearch(draft);
  };

  const clear = () => {
    searchBoxStore.setDraft('');
    searchBoxStore.submit();
    input.current?.focus();
  };

  const keyDown = (event: KeyboardEvent) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && results && results.count > 0) {
      event.preventDefault();
      searchBoxStore.move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape' && (active >= 0 || draft)) {
      event.preventDefault();
      if (active >= 0) searchBoxStore.setActive(-1);
      else clear();
    }
  };

  const expanded = onScreen && results.count > 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some of the browsers Sift supports
    <form
      role="search"
      aria-label={landmarkLabel ?? t('search.placeholder')}
      onSubmit={submit}
      style={{ flex: 1, maxWidth: 560 }}
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
            'aria-controls': expanded ? results.listboxId : undefined,
            'aria-activedescendant': expanded && active >= 0 ? results.optionId(active) : undefined,
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
    </form>
  );
}
