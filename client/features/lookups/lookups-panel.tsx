// A summary of the lookups for developer pages: where they came from, how many, and a few labels
// in the interface language.
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '#client/components/simple-table';
import type { LookupsState } from './use-lookups';

const SAMPLE_SIZE = 6;

export function LookupsPanel({ lookups }: { lookups: LookupsState }) {
  const { t } = useTranslation();
  const loadingId = useId();
  const reload = (
    <Button size="small" onClick={lookups.reload} sx={{ alignSelf: 'flex-start', mt: 2 }}>
      {t('lookups.reload')}
    </Button>
  );
  if (lookups.status === 'loading') {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} aria-labelledby={loadingId} />
        <Typography id={loadingId}>{t('lookups.loading')}</Typography>
      </Stack>
    );
  }
  if (lookups.status === 'unavailable') {
    return (
      <Stack>
        <Alert severity="error">{t('lookups.unavailable')}</Alert>
        {reload}
      </Stack>
    );
  }
  const count = lookups.map.size;
  const sample = [...lookups.map.keys()].slice(0, SAMPLE_SIZE);
  return (
    <Stack>
      <Alert severity={lookups.from === 'storage' ? 'warning' : 'success'} role="status" sx={{ mb: 2 }}>
        {lookups.from === 'storage'
          ? t('lookups.from_storage', { count })
          : t('lookups.from_network', { count })}
      </Alert>
      {sample.length > 0 && (
        <SimpleTable
          label={t('lookups.sample')}
          rows={sample}
          rowKey={(id) => id}
          columns={[
            { heading: t('lookups.id'), cell: (id) => id, dir: 'ltr', sx: { fontFamily: 'monospace' } },
            { heading: t('lookups.label'), cell: (id) => lookups.lookupLabel(id) },
          ]}
        />
      )}
      {reload}
    </Stack>
  );
}
