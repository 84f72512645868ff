// Client log severities (Google Cloud Logging's) and the size caps both sides respect. Kept apart
// from the zod schemas in client-log.ts so the browser's logger loads without zod.

/** Cloud Logging's LogSeverity values. */
export const logSeverities = {
  DEFAULT: 0,
  DEBUG: 100,
  INFO: 200,
  NOTICE: 300,
  WARNING: 400,
  ERROR: 500,
  CRITICAL: 600,
  ALERT: 700,
  EMERGENCY: 800,
} as const;
export type LogSeverity = keyof typeof logSeverities;
export const logSeverityNames = Object.keys(logSeverities) as [LogSeverity, ...LogSeverity[]];

export const clientLogLimits = {
  entriesPerRequest: 50,
  requestBytes: 64 * 1024,
  messageChars: 4000,
  stackChars: 12_000,
  contextKeys: 20,
  contextValueChars: 1000,
} as const;
