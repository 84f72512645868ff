// One filter: its values with how many of the current matches each would keep, most common first.
// The first few and the selected ones show; the rest behind "Show all", with a field to find one.
import { Button, TextField, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { foldText } from '#shared/search/tokenizer';
import { FilterSection } from './filter-section';

const FIRST_VALUES = 6;
/** Longer lists get a field to find a value in. */
const FINDABLE_FROM = 12;

/**
 * The values, styled once here: each is a plain label with a native checkbox drawn as MUI's small
 * checkbox, since a page of facets was a few dozen MUI checkboxes in the first results' render.
 */
const FacetValues = styled('div')(({ theme }) => {
  const { palette } = theme;
  const tick = encodeURIComponent(palette.primary.contrastText);
  return {
    '& .facet-value': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), cursor: 'pointer' },
    '& .facet-check': {
      appearance: 'none',
      boxSizing: 'border-box',
      flexShrink: 0,
      width: 15,
      height: 15,
      margin: 8.5, // a 32 px target, as MUI's small checkbox with its padding
      marginInlineEnd: 0.5,
      border: `2px solid ${palette.text.secondary}`,
      borderRadius: 2,
      cursor: 'inherit',
      '&:checked': {
        borderColor: palette.primary.main,
        backgroundColor: palette.primary.main,
        backgroundImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='3 3 18 18'%3E%3Cpath fill='${tick}' d='M10 17l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z'/%3E%3C/svg%3E")`,
        backgroundSize: 'cover',
      },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 3 },
    },
    '& .facet-value:hover .facet-check:not(:checked)': { borderColor: palette.text.primary },
    '& .facet-label': { ...theme.typography.body2, flex: 1, overflowWrap: 'anywhere' },
    '& .facet-count': {
      ...theme.typography.caption,
      color: palette.text.secondary,
      fontVariantNumeric: 'tabular-nums',
    },
  };
});

export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

export function SearchFilterFacet({
  title,
  values,
  selected,
  onToggle,
  onClear,
  collator,
  formatNumber,
}: {
  title: string;
  values: FacetValue[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  onClear: () => void;
  collator: Intl.Collator;
  formatNumber: (n: number) => string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [expanded, setExpanded] = useState(false);
  const [find, setFind] = useState('');

  const sorted = useMemo(
    () => [...values].sort((a, b) => b.count - a.count || collator.compare(a.label, b.label)),
    [values, collator],
  );
  const shown = useMemo(() => {
    if (expanded) {
      const wanted = foldText(find.trim());
      return wanted ? sorted.filter((v) => foldText(v.label).includes(wanted)) : sorted;
    }
    return sorted.filter((v, i) => i < FIRST_VALUES || selected.includes(v.value));
  }, [expanded, find, sorted, selected]);

  return (
    <FilterSection headingId={headingId} title={title} onClear={selected.length > 0 ? onClear : undefined}>
      {expanded && sorted.length >= FINDABLE_FROM && (
        <TextField
          size="small"
          fullWidth
          value={find}
          onChange={(e) => setFind(e.target.value)}
          placeholder={t('search.find_value')}
          slotProps={{ htmlInput: { 'aria-label': t('search.find_value_in', { filter: title }) } }}
          sx={{ my: 1 }}
        />
      )}
      <FacetValues sx={{ maxHeight: expanded ? 320 : undefined, overflowY: expanded ? 'auto' : undefined }}>
        {shown.map((v) => (
          <label key={v.value} className="facet-value">
            <input
              type="checkbox"
              className="facet-check"
              checked={selected.includes(v.value)}
              onChange={() => onToggle(v.value)}
            />
            <span className="facet-label">{v.label}</span>
            <span className="facet-count">{formatNumber(v.count)}</span>
          </label>
        ))}
        {expanded && shown.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {t('search.no_value_found')}
          </Typography>
        )}
      </FacetValues>
      {sorted.length > FIRST_VALUES && (
        <Button size="small" onClick={() => setExpanded((e) => !e)} sx={{ mt: 0.5 }}>
          {expanded ? t('search.show_fewer') : t('search.show_all', { count: sorted.length })}
        </Button>
      )}
    </FilterSection>
  );
}
