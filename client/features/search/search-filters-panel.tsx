// Every filter valid for the chosen data types, one after the other, each listing its values with
// their labels (lookups when available) and counts for the current query.
import { Box, Divider, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceConfig } from '#shared/app-config';
import type { SelectedFilters } from '#shared/search/search-request';
import { type FacetValue, SearchFilterFacet } from './search-filter-facet';
import { type FilterCounts, toggleFilterValue, withoutFilter } from './search-filters';
import type { SearchLabels } from './search-labels';

export function SearchFiltersPanel({
  keys,
  counts,
  selection,
  visible,
  labels,
  onChange,
}: {
  keys: readonly string[];
  counts: FilterCounts;
  selection: SelectedFilters;
  visible: Record<string, DataSourceConfig>;
  labels: SearchLabels;
  onChange: (selection: SelectedFilters) => void;
}) {
  const { t } = useTranslation();
  const facets = keys.flatMap((key) => {
    const selected = selection[key] ?? [];
    const found = counts[key] ?? {};
    const values: FacetValue[] = [
      ...Object.entries(found).map(([value, count]) => ({ value, count })),
      ...selected.filter((value) => !(value in found)).map((value) => ({ value, count: 0 })),
    ].map((v) => ({ ...v, label: labels.filterValue(visible, key, v.value) }));
    return values.length > 0 ? [{ key, selected, values }] : [];
  });
  if (facets.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('search.no_filters')}
      </Typography>
    );
  }
  return (
    <Box>
      {facets.map(({ key, selected, values }, i) => (
        <Fragment key={key}>
          {i > 0 && <Divider />}
          <SearchFilterFacet
            title={labels.field(key)}
            values={values}
            selected={selected}
            onToggle={(value) => onChange(toggleFilterValue(selection, key, value))}
            onClear={() => onChange(withoutFilter(selection, key))}
            collator={labels.collator}
            formatNumber={labels.number}
          />
        </Fragment>
      ))}
    </Box>
  );
}
