// The stored items of a storage page as a table: key and value, the page's own columns, and
// actions per row. Scrolls sideways on narrow screens.
import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useKvValue } from '#client/kv/use-kv';
import { visuallyHidden } from '#client/theme/visually-hidden';
import type { KvItem } from '#shared/kv/kv-item';
import { valueText } from './value-text';

export interface ItemColumn {
  label: string;
  cell: (item: KvItem) => ReactNode;
}

/** What reading the key answers now: its value, or "absent" (removed, expired or corrupted). */
export function ReadsAs({ itemKey }: { itemKey: string }) {
  const { t } = useTranslation();
  const value = useKvValue(itemKey);
  return value === undefined ? (
    <Typography component="em" variant="body2" color="text.secondary">
      {t('storage.absent')}
    </Typography>
  ) : (
    <bdi>{valueText(value)}</bdi>
  );
}

export function ItemTable({
  id,
  title,
  description,
  ready,
  empty,
  items,
  columns,
  actions,
  notice,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  ready: boolean;
  empty: string;
  items: KvItem[];
  columns: ItemColumn[];
  actions?: (item: KvItem) => ReactNode;
  /** Shown instead of the items, e.g. why there are none to show. */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}
    >
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      )}
      {notice || !ready || items.length === 0 ? (
        <Box sx={{ py: 2, color: 'text.secondary' }}>{notice ?? (ready ? empty : t('storage.loading'))}</Box>
      ) : (
        // Relative, so the hidden header text stays inside the scrolling box, not widening the page.
        <Box sx={{ overflowX: 'auto', mt: 1, position: 'relative' }}>
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                <TableCell>{t('storage.key')}</TableCell>
                <TableCell>{t('storage.value')}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.label}>{column.label}</TableCell>
                ))}
                {actions && (
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t('storage.actions')}
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.key} data-key={item.key}>
                  <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'break-word', maxWidth: 240 }}>
                    <bdi>{item.key}</bdi>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'break-word', maxWidth: 320 }}>
                    {item.meta.removed ? '—' : <bdi>{valueText(item.value)}</bdi>}
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.label} sx={{ whiteSpace: 'nowrap' }}>
                      {column.cell(item)}
                    </TableCell>
                  ))}
                  {actions && (
                    <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>{actions(item)}</TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
