// A log severity as a small coloured chip.
import { Chip, type ChipProps } from '@mui/material';
import { type LogSeverity, logSeverities } from '#shared/client-log-limits';

function colorOf(severity: LogSeverity): ChipProps['color'] {
  const value = logSeverities[severity];
  if (value >= logSeverities.ERROR) return 'error';
  if (value >= logSeverities.WARNING) return 'warning';
  if (value >= logSeverities.INFO) return 'info';
  return 'default';
}

export function SeverityChip({ severity }: { severity: LogSeverity }) {
  return (
    <Chip
      label={severity}
      color={colorOf(severity)}
      size="small"
      variant={logSeverities[severity] >= logSeverities.WARNING ? 'filled' : 'outlined'}
      sx={{ fontFamily: 'monospace', fontWeight: 600, minWidth: 92 }}
    />
  );
}
