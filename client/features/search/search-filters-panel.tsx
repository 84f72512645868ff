// Every filter valid for the chosen data types, one after the other, each listing its values with
// their labels (lookups when available) and counts for the current query; range filters show their
// histogram and bounds.
import { Box, Divider, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceConfig } from '#shared/app-config';
import type { SelectedFilters } from '#shared/search/search-request';
import { type FacetValue, SearchFilterFacet } from './search-filter-facet';
import {
  type FilterCounts,
  type RangeCounts,
  rangeFiltersOf,
  toggleFilterValue,
  withoutFilter,
  withRange,
} from './search-filters';
import type { SearchLabels } from './search-labels';
import { SearchRangeFilter } from './search-range-filter';

export function SearchFiltersPanel({
  keys,
  counts,
  rangeCounts,
  selection,
  visible,
  labels,
  onChange,
}: {
  keys: readonly string[];
  counts: FilterCounts;
  rangeCounts: RangeCounts;
  selection: SelectedFilters;
  visible: Record<string, DataSourceConfig>;
  labels: SearchLabels;
  onChange: (selection: SelectedFilters) => void;
}) {
  const { t } = useTranslation();
  const ranges = rangeFiltersOf(visible);
  const facets = keys.flatMap(
    (key): { key: string; boundaries?: number[]; selected: string[]; values: FacetValue[] }[] => {
      const boundaries = ranges.get(key);
      if (boundaries) return [{ key, boundaries, selected: selection[key] ?? [], values: [] }];
      const selected = selection[key] ?? [];
      const found = counts[key] ?? {};
      const values: FacetValue[] = [
        ...Object.entries(found).map(([value, count]) => ({ value, count })),
        ...selected.filter((value) => !(value in found)).map((value) => ({ value, count: 0 })),
      ].map((v) => ({ ...v, label: labels.filterValue(visible, key, v.value) }));
      return values.length > 0 ? [{ key, selected, values }] : [];
    },
  );
  if (facets.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('search.no_filters')}
      </Typography>
    );
  }
  return (
    <Box>
      {facets.map(({ key, boundaries, selected, values }, i) => (
        <Fragment key={key}>
          {i > 0 && <Divider />}
          {boundaries ? (
            <SearchRangeFilter
              title={labels.field(key)}
              boundaries={boundaries}
              counts={rangeCounts[key]}
              value={selected[0]}
              onChange={(value) => onChange(withRange(selection, key, value))}
              formatNumber={labels.number}
            />
          ) : (
            <SearchFilterFacet
              title={labels.field(key)}
              values={values}
              selected={selected}
              onToggle={(value) => onChange(toggleFilterValue(selection, key, value))}
              onClear={() => onChange(withoutFilter(selection, key))}
              collator={labels.collator}
              formatNumber={labels.number}
            />
          )}
        </Fragment>
      ))}
    </Box>
  );
}
