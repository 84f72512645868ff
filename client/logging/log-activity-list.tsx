// The logger's recent activity as a list: severity, message, where it was caught, and what became
// of it (sent, queued offline, written to the console, or dropped by the threshold).
import { Box, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SeverityChip } from './severity-chip';
import type { LogActivity } from './use-log-activity';

const statusColor: Record<LogActivity['status'], string> = {
  pending: 'text.secondary',
  sent: 'success.main',
  queued: 'warning.main',
  console: 'error.main',
  'below-threshold': 'text.disabled',
};

export function LogActivityList({ activity, empty }: { activity: LogActivity[]; empty: string }) {
  const { t } = useTranslation();
  if (activity.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-live="polite" aria-label={t('logging.activity_label')}>
      {activity.map((item) => (
        <ListItem
          key={item.key}
          divider
          data-status={item.status}
          sx={{
            gap: 1.5,
            alignItems: 'flex-start',
            px: 0,
            opacity: item.status === 'below-threshold' ? 0.7 : 1,
          }}
        >
          <SeverityChip severity={item.severity} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {item.text}
            </Typography>
            <Typography variant="caption" sx={{ color: statusColor[item.status] }}>
              {t(`logging.status.${item.status}`)}
              {item.group && ` · ${item.group}`}
            </Typography>
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
