// No results: says so, and offers what would widen the search: removing filters, searching every
// data type, other words.
import SearchOff from '@mui/icons-material/SearchOff';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function SearchEmptyState({
  text,
  filterChips,
  onSearchAllTypes,
}: {
  text: string;
  /** The filters in effect, removable; undefined without filters. */
  filterChips?: ReactNode;
  /** Set when chips limit the search. */
  onSearchAllTypes?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ textAlign: 'center', py: { xs: 4, md: 8 }, px: 2 }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'm3.surfaceContainerHigh',
          color: 'text.secondary',
        }}
      >
        <SearchOff fontSize="large" />
      </Box>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {text ? t('search.empty_title', { text }) : t('search.empty_title_browse')}
      </Typography>
      <Stack spacing={2} sx={{ mt: 1.5, alignItems: 'center' }}>
        {filterChips && (
          <>
            <Typography color="text.secondary">{t('search.empty_filters')}</Typography>
            {filterChips}
          </>
        )}
        {onSearchAllTypes && (
          <Button variant="outlined" onClick={onSearchAllTypes}>
            {t('search.empty_all_types')}
          </Button>
        )}
        {text && <Typography color="text.secondary">{t('search.empty_hint')}</Typography>}
      </Stack>
    </Box>
  );
}
