// Which severities the client logger keeps: everything from DEBUG while developing, WARNING and
// worse in production builds (spec §9).
import { type LogSeverity, logSeverities } from '#shared/client-log-limits';

export function defaultThreshold(production: boolean): LogSeverity {
  return production ? 'WARNING' : 'DEBUG';
}

export function meetsThreshold(severity: LogSeverity, threshold: LogSeverity): boolean {
  return logSeverities[severity] >= logSeverities[threshold];
}
