// One filter of the filters panel: a section named by its heading, with a Clear button beside the
// heading while the filter holds a selection. Value filters and range filters share it.
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function FilterSection({
  headingId,
  title,
  onClear,
  children,
}: {
  headingId: string;
  title: string;
  /** Shown as the Clear button while the filter holds a selection. */
  onClear: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 32 }}>
        <Typography id={headingId} component="h3" variant="subtitle2" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {onClear && (
          <Button size="small" onClick={onClear} aria-label={t('search.clear_filter', { filter: title })}>
            {t('search.clear')}
          </Button>
        )}
      </Box>
      {children}
    </Box>
  );
}
