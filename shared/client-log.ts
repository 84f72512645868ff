// A client log entry as sent to POST /api/send-log-to-gcp (spec §3 and §7), validated with the
// severities and size caps of client-log-limits.ts, and what the server gives back.
import { z } from 'zod/mini';
import { clientLogLimits, type LogSeverity, logSeverityNames } from './client-log-limits';

const text = (max: number) => z.string().check(z.maxLength(max));
/** Text of at least one character. */
const someText = (max: number) => z.string().check(z.maxLength(max), z.minLength(1));

const ErrorDetailsSchema = z.strictObject({
  name: text(200),
  message: text(clientLogLimits.messageChars),
  stack: z.optional(text(clientLogLimits.stackChars)),
  /** React's component stack, when React reported the error. */
  componentStack: z.optional(text(clientLogLimits.stackChars)),
  statusCode: z.optional(z.int().check(z.gte(0), z.lte(999))),
});

export const SerializedErrorSchema = z.extend(ErrorDetailsSchema, {
  /** One level of `cause`; deeper chains are cut so a body cannot nest without bound. */
  cause: z.optional(ErrorDetailsSchema),
});
export type SerializedError = z.infer<typeof SerializedErrorSchema>;

export const LogDetailsSchema = z.strictObject({
  message: someText(clientLogLimits.messageChars),
  error: z.optional(SerializedErrorSchema),
  /** The page the entry was written on. */
  url: z.optional(text(2000)),
  context: z.optional(
    z
      .record(
        text(100),
        z.union([text(clientLogLimits.contextValueChars), z.number(), z.boolean(), z.null()]),
      )
      .check(
        z.refine((record) => Object.keys(record).length <= clientLogLimits.contextKeys, {
          message: `At most ${clientLogLimits.contextKeys} context keys`,
        }),
      ),
  ),
});
export type LogDetails = z.infer<typeof LogDetailsSchema>;

/** A plain text message, or a structured one carrying a serialised error. */
export const LogMessageSchema = z.union([someText(clientLogLimits.messageChars), LogDetailsSchema]);
export type LogMessage = z.infer<typeof LogMessageSchema>;

const instanceIdSchema = z.string().check(z.regex(/^[0-9a-f]{32}$/));

export const ClientLogEntrySchema = z.strictObject({
  logName: z.string().check(z.regex(/^[\w./-]{1,100}$/, 'letters, digits, . / _ - (at most 100)')),
  logObject: z.strictObject({
    metadata: z.strictObject({
      severity: z.enum(logSeverityNames),
      timestamp: z.iso.datetime({ offset: true }),
      group: z.optional(someText(100)),
    }),
    message: LogMessageSchema,
  }),
  /** Random id of the page load that wrote the entry; that page may read its entries back by it. */
  instanceId: z.optional(instanceIdSchema),
});
export type ClientLogEntry = z.infer<typeof ClientLogEntrySchema>;

/** Several entries in one request; a single entry may also be sent alone (the spec's shape). */
export const ClientLogBatchSchema = z
  .array(ClientLogEntrySchema)
  .check(z.minLength(1), z.maxLength(clientLogLimits.entriesPerRequest));

export const StoredClientLogsQuerySchema = z.object({
  instance: z.optional(instanceIdSchema),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
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
