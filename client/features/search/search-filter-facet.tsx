// One filter: its values with how many of the current matches each would keep, most common first.
// The first few and the selected ones show; the rest behind "Show all", with a field to find one.
import { Box, Button, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { foldText } from '../../../shared/search/tokenizer';

const FIRST_VALUES = 6;
/** Longer lists get a field to find a value in. */
const FINDABLE_FROM = 12;

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
    <Box component="section" aria-labelledby={headingId} sx={{ py: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 32 }}>
        <Typography id={headingId} component="h3" variant="subtitle2" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {selected.length > 0 && (
          <Button size="small" onClick={onClear} aria-label={t('search.clear_filter', { filter: title })}>
            {t('search.clear')}
          </Button>
        )}
      </Box>
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
      <Box sx={{ maxHeight: expanded ? 320 : undefined, overflowY: expanded ? 'auto' : undefined }}>
        {shown.map((v) => (
          <FormControlLabel
            key={v.value}
            sx={{ display: 'flex', mx: 0, '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 } }}
            control={
              <Checkbox
                size="small"
                checked={selected.includes(v.value)}
                onChange={() => onToggle(v.value)}
                sx={{ p: 0.75 }}
              />
            }
            label={
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {v.label}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatNumber(v.count)}
                </Typography>
              </Box>
            }
          />
        ))}
        {expanded && shown.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {t('search.no_value_found')}
          </Typography>
        )}
      </Box>
      {sorted.length > FIRST_VALUES && (
        <Button size="small" onClick={() => setExpanded((e) => !e)} sx={{ mt: 0.5 }}>
          {expanded ? t('search.show_fewer') : t('search.show_all', { count: sorted.length })}
        </Button>
      )}
    </Box>
  );
}
