// Paging through the results, and how many to show per page.
import { Box, Pagination, TextField, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ITEMS_PER_PAGE_OPTIONS } from './search-url-state';

export function SearchPagination({
  page,
  pageCount,
  itemsPerPage,
  onPage,
  onItemsPerPage,
}: {
  page: number;
  pageCount: number;
  itemsPerPage: number;
  onPage: (page: number) => void;
  onItemsPerPage: (itemsPerPage: number) => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
        mt: 3,
      }}
    >
      {pageCount > 1 ? (
        <Pagination
          page={page}
          count={pageCount}
          onChange={(_, next) => onPage(next)}
          color="primary"
          siblingCount={phone ? 0 : 1}
          boundaryCount={1}
          aria-label={t('search.pagination_label')}
        />
      ) : (
        <span />
      )}
      <TextField
        select
        slotProps={{ select: { native: true } }}
        size="small"
        label={t('search.items_per_page')}
        value={itemsPerPage}
        onChange={(e) => onItemsPerPage(Number(e.target.value))}
        sx={{ minWidth: 120 }}
      >
        {ITEMS_PER_PAGE_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </TextField>
    </Box>
  );
}
