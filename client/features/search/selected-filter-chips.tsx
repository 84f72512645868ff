// The filters in effect as removable chips ("Region: Europe ×"), with a way to clear them all.
import { Box, Button, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DataSourceConfig } from '#shared/app-config';
import type { SelectedFilters } from '#shared/search/search-request';
import { toggleFilterValue } from './search-filters';
import type { SearchLabels } from './search-labels';

export function SelectedFilterChips({
  active,
  selection,
  visible,
  labels,
  onChange,
}: {
  active: SelectedFilters;
  selection: SelectedFilters;
  visible: Record<string, DataSourceConfig>;
  labels: SearchLabels;
  onChange: (selection: SelectedFilters) => void;
}) {
  const { t } = useTranslation();
  const entries = Object.entries(active).flatMap(([key, values]) =>
    values.map((value) => ({
      key,
      value,
      label: `${labels.field(key)}: ${labels.filterValue(visible, key, value)}`,
    })),
  );
  if (entries.length === 0) return null;
  const clearAll = () =>
    onChange(Object.fromEntries(Object.entries(selection).filter(([key]) => !(key in active))));
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
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
      {entries.length > 1 && (
        <Button size="small" onClick={clearAll}>
          {t('search.clear_filters')}
        </Button>
      )}
    </Box>
  );
}
