// A dry run's rejected records: how many, the first 1,000 with line and reason, and all of them the
// server returned as a downloadable file (line TAB reasons, one record a line).
import Download from '@mui/icons-material/Download';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '#client/components/simple-table';
import type { ImportRejection } from '#shared/admin/admin-api';
import { formatNumber } from './format';

export function rejectionsFile(rejected: ImportRejection[]): string {
  return `line\treasons\n${rejected.map((r) => `${r.at}\t${r.reasons.join('; ')}`).join('\n')}\n`;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/tab-separated-values;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function RejectionReport({
  fileName,
  records,
  rejectedCount,
  rejected,
}: {
  fileName: string;
  records: number;
  rejectedCount: number;
  rejected: ImportRejection[];
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
      <Box>
        <Button
          startIcon={<Download />}
          onClick={() => download(`${fileName}.rejected.tsv`, rejectionsFile(rejected))}
        >
          {t('admin.import.download')}
        </Button>
      </Box>
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
