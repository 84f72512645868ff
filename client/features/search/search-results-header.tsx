// The head of the results: what was searched, how many matched (and, past the per-source limit,
// that only the best are listed), with the sort and, on narrow screens, the filters button.
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchLabels } from './search-labels';

export function SearchResultsHeader({
  title,
  total,
  shown,
  limited,
  labels,
  actions,
}: {
  title: string;
  /** Matches over the searched sources; undefined until the first result. */
  total: number | undefined;
  /** Hits listed (at most the limit per source). */
  shown: number;
  limited: boolean;
  labels: SearchLabels;
  /** The sort select, and the filters button where filters are not beside the results. */
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Box aria-live="polite" sx={{ minHeight: 20, mt: 0.5 }}>
          {total !== undefined && total > 0 && (
            <Typography color="text.secondary" variant="body2">
              {t('search.result_count', { count: total })}
            </Typography>
          )}
          {limited && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', mt: 0.25 }}
            >
              <InfoOutlined sx={{ fontSize: 18, mt: '1px' }} />
              {t('search.limited', { shown: labels.number(shown) })}
            </Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
        {actions}
      </Box>
    </Box>
  );
}
