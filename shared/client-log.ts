// A client log entry as sent to POST /api/send-log-to-gcp (spec §3 and §7), validated with the
// severities and size caps of client-log-limits.ts, and what the server gives back.
import { z } from 'zod';
import { clientLogLimits, type LogSeverity, logSeverityNames } from './client-log-limits';

const text = (max: number) => z.string().max(max);

const ErrorDetailsSchema = z.strictObject({
  name: text(200),
  message: text(clientLogLimits.messageChars),
  stack: text(clientLogLimits.stackChars).optional(),
  /** React's component stack, when React reported the error. */
  componentStack: text(clientLogLimits.stackChars).optional(),
  statusCode: z.number().int().min(0).max(999).optional(),
});

export const SerializedErrorSchema = ErrorDetailsSchema.extend({
  /** One level of `cause`; deeper chains are cut so a body cannot nest without bound. */
  cause: ErrorDetailsSchema.optional(),
});
export type SerializedError = z.infer<typeof SerializedErrorSchema>;

export const LogDetailsSchema = z.strictObject({
  message: text(clientLogLimits.messageChars).min(1),
  error: SerializedErrorSchema.optional(),
  /** The page the entry was written on. */
  url: text(2000).optional(),
  context: z
    .record(text(100), z.union([text(clientLogLimits.contextValueChars), z.number(), z.boolean(), z.null()]))
    .refine((record) => Object.keys(record).length <= clientLogLimits.contextKeys, {
      message: `At most ${clientLogLimits.contextKeys} context keys`,
    })
    .optional(),
});
export type LogDetails = z.infer<typeof LogDetailsSchema>;

/** A plain text message, or a structured one carrying a serialised error. */
export const LogMessageSchema = z.union([text(clientLogLimits.messageChars).min(1), LogDetailsSchema]);
export type LogMessage = z.infer<typeof LogMessageSchema>;

export const ClientLogEntrySchema = z.strictObject({
  logName: z.string().regex(/^[\w./-]{1,100}$/, 'letters, digits, . / _ - (at most 100)'),
  logObject: z.strictObject({
    metadata: z.strictObject({
      severity: z.enum(logSeverityNames),
      timestamp: z.iso.datetime({ offset: true }),
      group: text(100).min(1).optional(),
    }),
    message: LogMessageSchema,
  }),
  /** Random id of the page load that wrote the entry; that page may read its entries back by it. */
  instanceId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});
export type ClientLogEntry = z.infer<typeof ClientLogEntrySchema>;

/** Several entries in one request; a single entry may also be sent alone (the spec's shape). */
export const ClientLogBatchSchema = z
  .array(ClientLogEntrySchema)
  .min(1)
  .max(clientLogLimits.entriesPerRequest);

export const StoredClientLogsQuerySchema = z.object({
  instance: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** An entry the server kept, as GET /api/client-logs returns it (newest first). */
export interface StoredClientLog {
  id: number;
  receivedAt: string;
  logName: string;
  severity: LogSeverity;
  group: string | null;
  userId: string | null;
  message: LogMessage;
}

/** The text a message shows in one line. */
export function logMessageText(message: LogMessage): string {
  return typeof message === 'string' ? message : message.message;
}
