// Server logger: pino writing Cloud Logging structured JSON (severity, message, timestamp) on stdout.
import { pino } from 'pino';

const severityByLevel: Record<string, string> = {
  trace: 'DEBUG',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARNING',
  error: 'ERROR',
  fatal: 'CRITICAL',
};

export type Logger = pino.Logger;

/** `destination` defaults to stdout; tests pass a stream to read the lines back. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      messageKey: 'message',
      base: undefined,
      timestamp: () => `,"timestamp":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ severity: severityByLevel[label] ?? 'DEFAULT' }) },
    },
    destination,
  );
}
