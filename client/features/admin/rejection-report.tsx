// A check's rejected records: how many, the first 1,000 with line and reason, and all of them as a
// file the server wrote (line TAB reasons, one record a row), downloaded from it.
import Download from '@mui/icons-material/Download';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '#client/components/simple-table';
import type { ImportCheckResult } from '#shared/admin/admin-api';
import { formatNumber } from './format';

export function RejectionReport({
  fileName,
  outcome: { records, rejectedCount, rejected, report },
}: {
  fileName: string;
  outcome: ImportCheckResult;
}) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <Stack spacing={2}>
      <Alert severity="error" role="alert">
        {t('admin.import.rejected', { rejected: n(rejectedCount), records: n(records) })}
      </Alert>
      {rejected.length < rejectedCount && (
        <Alert severity="info">{t('admin.import.first_shown', { shown: n(rejected.length) })}</Alert>
      )}
      {report && (
        <Box>
          <Button startIcon={<Download />} href={report} download={`${fileName}.rejected.tsv`}>
            {t('admin.import.download')}
          </Button>
        </Box>
      )}
      <SimpleTable
        label={t('admin.import.rejections')}
        rows={rejected}
        rowKey={(r) => r.at}
        columns={[
          {
            heading: t('admin.import.line'),
            cell: (r) => (r.at === 0 ? t('admin.import.whole_file') : n(r.at)),
          },
          { heading: t('admin.import.reasons'), cell: (r) => r.reasons.join('; ') },
        ]}
      />
    </Stack>
  );
}
