// The results listbox and every result in it, styled once for the whole list: the items are plain
// elements with these classes, so a page of results costs one style computation, not hundreds.
import { styled } from '@mui/material/styles';
import { withFlagFont } from '#client/lib/item-avatar';

/** Material 3 container roles, one per data type in config order (class `tone-<i>`). */
const TONES = [
  ['primaryContainer', 'onPrimaryContainer'],
  ['tertiaryContainer', 'onTertiaryContainer'],
  ['secondaryContainer', 'onSecondaryContainer'],
] as const;
export const TONE_COUNT = TONES.length;

export const ResultsListbox = styled('div')(({ theme }) => {
  const { m3 } = theme.palette;
  const tones = Object.fromEntries(
    TONES.map(([container, on], i) => [
      `& .tone-${i} :is(.result-avatar, .result-type)`,
      { backgroundColor: m3[container], color: m3[on] },
    ]),
  );
  return {
    borderRadius: 16,
    transition: 'opacity 150ms',
    '&[data-dimmed="true"]': { opacity: 0.6 },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '& .result-divider': { borderBottom: `1px solid ${theme.palette.divider}`, margin: theme.spacing(0, 2) },
    '& .result': {
      display: 'flex',
      gap: theme.spacing(2),
      alignItems: 'flex-start',
      padding: theme.spacing(1.5, 1.5),
      [theme.breakpoints.up('sm')]: { padding: theme.spacing(1.5, 2) },
      borderRadius: 16,
      color: 'inherit',
      textDecoration: 'none',
      transition: 'background-color 120ms',
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:hover .result-title': { textDecoration: 'underline' },
      '&[aria-selected="true"]': {
        backgroundColor: theme.palette.action.selected,
        outline: `2px solid ${theme.palette.primary.main}`,
        outlineOffset: -2,
      },
    },
    '& .result-avatar': {
      fontFamily: withFlagFont(theme),
      display: 'flex',
      flexShrink: 0,
      alignItems: 'center',
      justifyContent: 'center',
      width: 40,
      height: 40,
      borderRadius: '50%',
      fontSize: theme.typography.pxToRem(20),
      fontWeight: 600,
      lineHeight: 1,
      userSelect: 'none',
    },
    '& .result-body': { flex: 1, minWidth: 0 },
    '& .result-heading': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), flexWrap: 'wrap' },
    '& .result-title': {
      ...theme.typography.body1,
      fontWeight: 600,
      fontSize: '1.05rem',
      overflowWrap: 'anywhere',
    },
    '& .result-type': {
      display: 'inline-flex',
      alignItems: 'center',
      height: 22,
      padding: theme.spacing(0, 1),
      borderRadius: 11,
      fontSize: 12,
      fontFamily: theme.typography.fontFamily,
      whiteSpace: 'nowrap',
    },
    '& .result-details': {
      ...theme.typography.body2,
      display: 'block',
      marginTop: theme.spacing(0.25),
      color: theme.palette.text.secondary,
      overflowWrap: 'anywhere',
    },
    '& .result-also': { fontStyle: 'italic' },
    '& mark': { backgroundColor: m3.tertiaryContainer, color: m3.onTertiaryContainer, borderRadius: 3 },
    ...tones,
  };
});
