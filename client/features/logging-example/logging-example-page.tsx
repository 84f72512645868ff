// /modules/logging/example: write entries at each severity, watch what the logger does with them,
// and see the entries the server stored for this page load.
import Refresh from '@mui/icons-material/Refresh';
import { Alert, Box, Button, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '#client/components/hint-tooltip';
import { PageHeader } from '#client/components/page-header';
import { SimpleTable } from '#client/components/simple-table';
import { appLogger } from '#client/logging/app-logger';
import { LogActivityList } from '#client/logging/log-activity-list';
import { SeverityChip } from '#client/logging/severity-chip';
import { useLogActivity } from '#client/logging/use-log-activity';
import { logMessageText } from '#shared/client-log';
import { type LogSeverity, logSeverityNames } from '#shared/client-log-limits';
import { useStoredLogs } from './stored-logs-api';

const GROUP = 'logging-example';
const REPEATS = 8;

export function LoggingExamplePage() {
  const { t, i18n } = useTranslation();
  const activity = useLogActivity();
  const stored = useStoredLogs();
  const [severity, setSeverity] = useState<LogSeverity>('WARNING');
  const [message, setMessage] = useState(t('logging.default_message'));
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' });

  const write = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim()) appLogger.log(severity, message.trim(), { group: GROUP });
  };
  const writeEach = () => {
    for (const each of logSeverityNames) {
      appLogger.log(each, t('logging.each_message', { severity: each }), { group: GROUP });
    }
  };
  const writeRepeats = () => {
    for (let i = 0; i < REPEATS; i++) appLogger.log('WARNING', t('logging.repeat_message'), { group: GROUP });
  };

  return (
    <>
      <PageHeader
        title={t('pages.logging_example.title')}
        description={t('pages.logging_example.description')}
      />
      <Stack spacing={3}>
        <Alert severity="info">{t('logging.threshold_note', { threshold: appLogger.threshold })}</Alert>
        <Paper variant="outlined" component="form" onSubmit={write} sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('logging.write_title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              select
              label={t('logging.severity')}
              value={severity}
              onChange={(event) => setSeverity(event.target.value as LogSeverity)}
              sx={{ minWidth: 180 }}
            >
              {logSeverityNames.map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('logging.message')}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              fullWidth
              required
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button type="submit" variant="contained">
              {t('logging.write')}
            </Button>
            <Button variant="outlined" onClick={writeEach}>
              {t('logging.write_each')}
            </Button>
            <Button variant="outlined" onClick={writeRepeats}>
              {t('logging.write_repeats', { count: REPEATS })}
            </Button>
            <Button onClick={() => void appLogger.flush()}>{t('logging.send_now')}</Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('logging.batching_note')}
          </Typography>
        </Paper>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="written-title"
            sx={{ p: { xs: 2, md: 3 } }}
          >
            <Typography id="written-title" variant="h6" component="h2">
              {t('logging.written_title')}
            </Typography>
            <LogActivityList activity={activity} empty={t('logging.written_empty')} />
          </Paper>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="stored-title"
            sx={{ p: { xs: 2, md: 3 } }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography id="stored-title" variant="h6" component="h2" sx={{ flex: 1 }}>
                {t('logging.stored_title')}
              </Typography>
              <HintTooltip title={t('logging.refresh')}>
                <IconButton aria-label={t('logging.refresh')} onClick={() => void stored.refetch()}>
                  <Refresh />
                </IconButton>
              </HintTooltip>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('logging.stored_text')}
            </Typography>
            {stored.isError && <Alert severity="error">{t('logging.stored_error')}</Alert>}
            {stored.data && stored.data.length === 0 && (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {t('logging.stored_empty')}
              </Typography>
            )}
            {stored.data && stored.data.length > 0 && (
              <SimpleTable
                labelledBy="stored-title"
                rows={stored.data}
                rowKey={(entry) => entry.id}
                columns={[
                  {
                    heading: t('logging.column_time'),
                    cell: (entry) => time.format(new Date(entry.receivedAt)),
                    sx: { whiteSpace: 'nowrap' },
                  },
                  {
                    heading: t('logging.severity'),
                    cell: (entry) => <SeverityChip severity={entry.severity} />,
                  },
                  {
                    heading: t('logging.message'),
                    cell: (entry) => logMessageText(entry.message),
                    sx: { overflowWrap: 'anywhere' },
                  },
                ]}
              />
            )}
          </Paper>
        </Box>
      </Stack>
    </>
  );
}
