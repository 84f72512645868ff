// The filters in effect as removable chips ("Region: Europe ×"), with a way to clear them all.
// Filters restored from the device are said to be remembered, always with "Clear" and, once known,
// how many more results the search has without them.
import { Box, Button, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DataSourceConfig } from '#shared/app-config';
import { parseRangeValue } from '#shared/search/range-value';
import type { SelectedFilters } from '#shared/search/search-request';
import { rangeLabel } from './range-labels';
import { rangeFiltersOf, toggleFilterValue } from './search-filters';
import type { SearchLabels } from './search-labels';

export function SelectedFilterChips({
  active,
  selection,
  visible,
  labels,
  remembered,
  onChange,
}: {
  active: SelectedFilters;
  selection: SelectedFilters;
  visible: Record<string, DataSourceConfig>;
  labels: SearchLabels;
  /** Set when the filters were restored from the device: how many more results there are without them. */
  remembered?: { more: number | undefined };
  onChange: (selection: SelectedFilters) => void;
}) {
  const { t } = useTranslation();
  const ranges = rangeFiltersOf(visible);
  // Active range values are readable ranges (activeFilters drops the others).
  const valueLabel = (key: string, value: string) =>
    ranges.has(key)
      ? rangeLabel(t, labels.number, parseRangeValue(value) ?? {})
      : labels.filterValue(visible, key, value);
  const entries = Object.entries(active).flatMap(([key, values]) =>
    values.map((value) => ({ key, value, label: `${labels.field(key)}: ${valueLabel(key, value)}` })),
  );
  if (entries.length === 0) return null;
  const clearAll = () =>
    onChange(Object.fromEntries(Object.entries(selection).filter(([key]) => !(key in active))));
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {remembered && (
        <Typography variant="body2" color="text.secondary">
          {t('search.remembered_filters')}
        </Typography>
      )}
      {entries.map(({ key, value, label }) => (
        <Chip
          key={`${key}:${value}`}
          size="small"
          label={label}
          onClick={() => onChange(toggleFilterValue(selection, key, value))}
          onDelete={() => onChange(toggleFilterValue(selection, key, value))}
          aria-label={t('search.remove_filter', { filter: label })}
          sx={{ bgcolor: 'm3.secondaryContainer', color: 'm3.onSecondaryContainer' }}
        />
      ))}
      {(remembered || entries.length > 1) && (
        <Button size="small" onClick={clearAll}>
          {t(remembered ? 'search.clear_remembered' : 'search.clear_filters')}
        </Button>
      )}
      {remembered?.more !== undefined && remembered.more > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="more-without-filters">
          {t('search.more_without_filters', { count: remembered.more })}
        </Typography>
      )}
    </Box>
  );
}
