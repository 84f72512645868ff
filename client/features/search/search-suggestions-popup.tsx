// The search box's popup: a listbox of titles completing the text (the part they add in bold), or,
// while the box is empty, the recent searches with a remove mark each (for the mouse) and "Clear
// recent searches". The box keeps the focus and points at options with aria-activedescendant; a mouse
// press here does not take the focus from it.
import Close from '@mui/icons-material/Close';
import History from '@mui/icons-material/History';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Paper, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { tokenize } from '#shared/search/tokenizer';
import { highlight } from './highlight';
import { type Suggestion, useSearchBox } from './search-box-store';

const Options = styled('div')(({ theme }) => ({
  '& [role="option"]': {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    minHeight: 40,
    paddingInline: theme.spacing(2, 1),
    cursor: 'pointer',
    color: theme.palette.text.secondary,
  },
  '& [role="option"]:hover': { backgroundColor: theme.palette.action.hover },
  '& [role="option"][aria-selected="true"]': {
    backgroundColor: theme.palette.action.selected,
    color: theme.palette.text.primary,
  },
  '& .suggestion-text': {
    flex: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: theme.palette.text.primary,
  },
  '& .suggestion-text b': { fontWeight: 600 },
  '& .suggestion-remove': {
    display: 'grid',
    placeItems: 'center',
    width: 32,
    height: 32,
    borderRadius: '50%',
    color: theme.palette.text.secondary,
  },
  '& .suggestion-remove:hover': {
    backgroundColor: theme.palette.action.hover,
    color: theme.palette.text.primary,
  },
}));

/** The completion's text, the part beyond what was typed in bold. */
function CompletionText({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlight(text, words).map((segment, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
        segment.match ? segment.text : <b key={i}>{segment.text}</b>,
      )}
    </>
  );
}

export function SearchSuggestionsPopup({
  shown,
  listboxId,
  optionId,
  onChoose,
  onRemove,
  onClear,
}: {
  /** This popup's box has the focus. */
  shown: boolean;
  listboxId: string;
  optionId: (index: number) => string;
  onChoose: (suggestion: Suggestion) => void;
  onRemove: (suggestion: Suggestion) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const suggestions = useSearchBox((s) => s.suggestions);
  const suggested = useSearchBox((s) => s.suggested);
  const popupOpen = useSearchBox((s) => s.popupOpen);
  const draft = useSearchBox((s) => s.draft);
  const paper = useRef<HTMLDivElement>(null);
  // On phones the box is narrow: the popup spans the screen, just below the box's form.
  useLayoutEffect(() => {
    const form = paper.current?.parentElement;
    if (form) paper.current!.style.setProperty('--popup-top', `${form.getBoundingClientRect().bottom + 6}px`);
  });
  if (!shown || !popupOpen || suggestions.length === 0) return null;
  const recent = suggestions[0]!.kind === 'recent';
  const words = tokenize(draft);
  const labelId = `${listboxId}-label`;

  return (
    <Paper
      ref={paper}
      elevation={6}
      onMouseDown={(event) => event.preventDefault()}
      sx={{
        position: { xs: 'fixed', md: 'absolute' },
        top: { xs: 'var(--popup-top)', md: 'calc(100% + 6px)' },
        insetInlineStart: { xs: 8, md: 0 },
        insetInlineEnd: { xs: 8, md: 0 },
        zIndex: 'modal',
        // The home page's box sits in centred text.
        textAlign: 'start',
        borderRadius: 4,
        py: 1,
        overflow: 'hidden',
      }}
    >
      <Typography
        id={labelId}
        variant="overline"
        component="div"
        color="text.secondary"
        sx={{ px: 2, lineHeight: 2 }}
      >
        {recent ? t('search.help.recent') : t('search.help.suggestions')}
      </Typography>
      <Options role="listbox" id={listboxId} aria-labelledby={labelId}>
        {suggestions.map((suggestion, i) => (
          // Keyboard users choose with the box (Enter, Tab, →; Delete removes a recent search).
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the box keeps the focus and handles the keys (aria-activedescendant)
          <div
            key={`${suggestion.kind}:${suggestion.text}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === suggested}
            onClick={(event) =>
              (event.target as Element).closest('[data-remove]') ? onRemove(suggestion) : onChoose(suggestion)
            }
          >
            {recent ? <History fontSize="small" /> : <SearchIcon fontSize="small" />}
            {/* The text's own direction inside (bdi), the page's outside: it sits by its icon. */}
            <span className="suggestion-text">
              <bdi>{recent ? suggestion.text : <CompletionText text={suggestion.text} words={words} />}</bdi>
            </span>
            {recent && (
              // For the mouse, a part of the option (a button inside an option is nested
              // interactive content); the keyboard removes with Delete, as the box's description says.
              <span
                className="suggestion-remove"
                data-remove=""
                title={t('search.help.remove_recent', { text: suggestion.text })}
                aria-hidden
              >
                <Close fontSize="small" />
              </span>
            )}
          </div>
        ))}
      </Options>
      {recent ? (
        <Box sx={{ px: 1, pt: 0.5, display: 'flex', justifyContent: 'flex-end' }}>
          <Button size="small" onClick={onClear}>
            {t('search.help.clear_recent')}
          </Button>
        </Box>
      ) : (
        <Typography
          variant="caption"
          component="div"
          color="text.secondary"
          sx={{ px: 2, pt: 0.5, display: { xs: 'none', md: 'block' } }}
        >
          {t('search.help.accept_hint')}
        </Typography>
      )}
    </Paper>
  );
}
