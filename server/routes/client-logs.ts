// POST /api/send-log-to-gcp: client log entries (one or a batch), validated, size-capped and
// rate-limited per client, written to stdout as Cloud Logging structured JSON (what Cloud Run and
// GKE ingest) and kept, the newest KEPT_ENTRIES of them, for the logging example page.
// GET /api/client-logs: the stored entries the caller may read back.
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod/mini';
import {
  ClientLogBatchSchema,
  type ClientLogEntry,
  ClientLogEntrySchema,
  type LogMessage,
  logMessageText,
  type StoredClientLog,
  StoredClientLogsQuerySchema,
} from '#shared/client-log';
import { clientLogLimits, type LogSeverity, logSeverities } from '#shared/client-log-limits';
import type { SessionReader, SessionUser } from '../auth/session-user';
import { clientAddress } from '../client-address';
import type { Database } from '../db/client';
import { clientLogs } from '../db/schema/client-logs';
import { apiError } from '../http-error';
import { jsonBody } from '../json-body';
import type { Logger } from '../logger';
import type { ServerMetrics } from '../metrics/server-metrics';
import { RateLimiter, tooManyRequests } from '../rate-limit';

/** Entries (not requests) each client may send per minute; a batch counts every entry in it. */
export const CLIENT_LOG_RATE = { name: 'client-logs', limit: 300, windowMs: 60_000 };
/** How many entries the database keeps; older ones are deleted as new ones arrive. */
export const KEPT_ENTRIES = 500;

export interface ClientLogDeps {
  database: Database;
  logger: Logger;
  sessions: SessionReader;
  appCode: string;
  trustProxyHops: number;
  metrics: ServerMetrics;
}

/**
 * pino levels named after Cloud Logging's severities, so the server's LOG_LEVEL still filters
 * client entries (DEBUG sits just above pino's debug, WARNING just above warn, …).
 */
const pinoLevelOf: Record<LogSeverity, number> = {
  DEBUG: 21,
  DEFAULT: 31,
  INFO: 32,
  NOTICE: 35,
  WARNING: 41,
  ERROR: 51,
  CRITICAL: 61,
  ALERT: 65,
  EMERGENCY: 70,
};

/** One entry or a batch, told apart by shape rather than as a union, so issues name the offending field. */
const ClientLogRequestSchema = z.pipe(
  z.unknown(),
  z.transform((raw, ctx): ClientLogEntry[] => {
    const parsed = Array.isArray(raw)
      ? ClientLogBatchSchema.safeParse(raw)
      : ClientLogEntrySchema.safeParse(raw);
    if (parsed.success) return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    for (const { path, message } of parsed.error.issues) {
      ctx.issues.push({ code: 'custom', path, message, input: raw });
    }
    return z.NEVER;
  }),
);

interface EntryContext {
  appCode: string;
  user: SessionUser | null;
  userAgent: string | undefined;
}

/** The fields of the structured stdout line for one entry (pino adds severity, timestamp, message). */
export function cloudLoggingFields(entry: ClientLogEntry, context: EntryContext): Record<string, unknown> {
  const { severity, timestamp, group } = entry.logObject.metadata;
  const message = entry.logObject.message;
  const details = typeof message === 'string' ? undefined : message;
  const labels: Record<string, string> = { source: 'client', app: context.appCode, logName: entry.logName };
  if (group) labels.group = group;
  if (context.user) labels.userId = context.user.id;
  const stack = details?.error?.stack;
  return {
    'logging.googleapis.com/labels': labels,
    clientTimestamp: timestamp,
    ...(details?.error && { error: details.error }),
    // Error Reporting groups ERROR-and-worse entries that carry a stack_trace.
    ...(stack && logSeverities[severity] >= logSeverities.ERROR && { stack_trace: stack }),
    ...(details?.url && { url: details.url }),
    ...(details?.context && { context: details.context }),
    ...(entry.instanceId && { instanceId: entry.instanceId }),
    ...(context.userAgent && { userAgent: context.userAgent.slice(0, 500) }),
  };
}

export function clientLogRoutes(deps: ClientLogDeps) {
  const { database, sessions, metrics } = deps;
  const limiter = new RateLimiter(database.db, CLIENT_LOG_RATE, { refusals: metrics.rateLimitRefusals });
  const sink = deps.logger.child(
    {},
    { customLevels: pinoLevelOf, formatters: { level: (label) => ({ severity: label }) } },
  );

  const app = new Hono();

  // Any media type: navigator.sendBeacon posts text/plain without a preflight. Text the database
  // cannot store is repaired, not refused: a log entry is worth keeping as it is.
  const body = jsonBody(ClientLogRequestSchema, {
    maxBytes: clientLogLimits.requestBytes,
    what: 'A log request',
    anyMediaType: true,
    text: 'repair',
  });
  app.post('/api/send-log-to-gcp', body, async (c) => {
    const entries = c.req.valid('json');

    const decision = await limiter.consume(clientAddress(c, deps.trustProxyHops), entries.length);
    if (!decision.allowed) return tooManyRequests(c, decision);

    const user = await sessions.getUser(c.req.raw);
    const context = { appCode: deps.appCode, user, userAgent: c.req.header('User-Agent') };
    for (const entry of entries) {
      const severity = entry.logObject.metadata.severity;
      sink[severity](cloudLoggingFields(entry, context), logMessageText(entry.logObject.message));
      metrics.clientLogEntries.inc({ level: severity });
    }
    await database.db.insert(clientLogs).values(
      entries.map((entry) => ({
        logName: entry.logName,
        severity: entry.logObject.metadata.severity,
        group: entry.logObject.metadata.group ?? null,
        loggedAt: new Date(entry.logObject.metadata.timestamp),
        userId: user?.id ?? null,
        instanceId: entry.instanceId ?? null,
        message: entry.logObject.message,
      })),
    );
    await database.db.execute(
      sql`delete from ${clientLogs} where ${clientLogs.id} <= (
          select ${clientLogs.id} from ${clientLogs} order by ${clientLogs.id} desc offset ${KEPT_ENTRIES} limit 1)`,
    );
    return c.json({ accepted: entries.length }, 202);
  });

  // Entries can hold other visitors' messages and user ids, so a caller reads back only what its
  // own page load wrote (by its random instance id), a signed-in user also their own, an admin all.
  app.get('/api/client-logs', async (c) => {
    const query = StoredClientLogsQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      const issues = query.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return apiError(c, 400, 'invalid_query', 'The query string is not valid.', issues);
    }
    const { instance, limit } = query.data;
    const user = await sessions.getUser(c.req.raw);
    const scope = instance
      ? eq(clientLogs.instanceId, instance)
      : user?.role === 'admin'
        ? undefined
        : user
          ? eq(clientLogs.userId, user.id)
          : null;
    if (scope === null) {
      return apiError(c, 400, 'instance_required', 'Anonymous callers must name their page instance.');
    }
    const rows = await database.db
      .select()
      .from(clientLogs)
      .where(and(scope))
      .orderBy(desc(clientLogs.id))
      .limit(limit);
    c.header('Cache-Control', 'no-store');
    const entries: StoredClientLog[] = rows.map((row) => ({
      id: row.id,
      receivedAt: row.receivedAt.toISOString(),
      logName: row.logName,
      severity: row.severity as LogSeverity,
      group: row.group,
      userId: row.userId,
      message: row.message as LogMessage,
    }));
    return c.json({ entries });
  });

  return app;
}
