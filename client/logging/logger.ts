// The client logger: Cloud Logging severities, a threshold, throttled repeats, and delivery through
// a LogTransport. Pages can subscribe to follow what was logged and whether it reached the server.
import type { ClientLogEntry, LogDetails, LogMessage } from '#shared/client-log';
import type { LogSeverity } from '#shared/client-log-limits';
import { type DeliveryOutcome, LogTransport, type LogTransportOptions } from './log-transport';
import { RepeatThrottle, type ThrottleClock } from './repeat-throttle';
import { meetsThreshold } from './threshold';

export interface LogOptions {
  /** Free-form grouping, e.g. where an error was caught. */
  group?: string;
  logName?: string;
}

export interface LogRecord {
  id: number;
  entry: ClientLogEntry;
  /** For a throttling summary: how many repeats it stands for. */
  repeats: number;
}

export type LoggerEvent =
  | { type: 'logged'; record: LogRecord }
  | { type: 'below-threshold'; severity: LogSeverity; message: LogMessage }
  | { type: 'delivery'; ids: number[]; outcome: DeliveryOutcome };

export interface ClientLoggerOptions {
  threshold: LogSeverity;
  transport: Omit<LogTransportOptions, 'onDelivery' | 'clock'>;
  instanceId: string;
  logName?: string;
  /** Also write each entry to the console (development builds). */
  echo?: (entry: ClientLogEntry) => void;
  clock?: ThrottleClock;
}

function withRepeatCount(message: LogMessage, repeats: number): LogMessage {
  const suffix = ` (repeated ${repeats} times)`;
  return typeof message === 'string'
    ? `${message}${suffix}`
    : { ...message, message: `${message.message}${suffix}` };
}

export class ClientLogger {
  threshold: LogSeverity;
  readonly instanceId: string;
  private nextId = 1;
  private readonly listeners = new Set<(event: LoggerEvent) => void>();
  private readonly throttle: RepeatThrottle<ClientLogEntry>;
  private readonly transport: LogTransport;

  constructor(private readonly options: ClientLoggerOptions) {
    this.threshold = options.threshold;
    this.instanceId = options.instanceId;
    this.transport = new LogTransport({
      ...options.transport,
      ...(options.clock && { clock: options.clock }),
      onDelivery: (ids, outcome) => this.dispatch({ type: 'delivery', ids, outcome }),
    });
    this.throttle = new RepeatThrottle<ClientLogEntry>(
      (entry, repeats) => this.write(entry, repeats),
      undefined,
      options.clock,
    );
  }

  log(severity: LogSeverity, message: string | LogDetails, options: LogOptions = {}): void {
    if (!meetsThreshold(severity, this.threshold)) {
      this.dispatch({ type: 'below-threshold', severity, message });
      return;
    }
    const entry: ClientLogEntry = {
      logName: options.logName ?? this.options.logName ?? 'client',
      logObject: {
        metadata: {
          severity,
          timestamp: new Date(this.options.clock?.now() ?? Date.now()).toISOString(),
          ...(options.group && { group: options.group }),
        },
        message,
      },
      instanceId: this.instanceId,
    };
    const text = typeof message === 'string' ? message : message.message;
    this.throttle.push(JSON.stringify([severity, entry.logName, options.group, text]), entry);
  }

  error = (message: string | LogDetails, options?: LogOptions) => this.log('ERROR', message, options);

  /** Sends what is queued now, throttling summaries included. */
  flush(): Promise<void> {
    this.throttle.flush();
    return this.transport.flush();
  }

  /** For page hide: throttling summaries and the queue go out with sendBeacon. */
  flushWithBeacon(): void {
    this.throttle.flush();
    this.transport.flushWithBeacon();
  }

  subscribe(listener: (event: LoggerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private write(original: ClientLogEntry, repeats: number): void {
    const entry =
      repeats === 0
        ? original
        : {
            ...original,
            logObject: {
              ...original.logObject,
              message: withRepeatCount(original.logObject.message, repeats),
            },
          };
    const record: LogRecord = { id: this.nextId++, entry, repeats };
    this.options.echo?.(entry);
    this.dispatch({ type: 'logged', record });
    this.transport.enqueue({ id: record.id, entry });
  }

  private dispatch(event: LoggerEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
