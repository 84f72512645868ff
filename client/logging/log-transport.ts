// Delivers client log entries to the server: batched (one request per second at most, split to
// fit the server's caps), sent with navigator.sendBeacon when the page is hidden, queued while the
// browser is offline (kept on the device when an offline page is hidden, and sent by the next page
// or flush online), and written to the console when sending fails.
import type { ClientLogEntry } from '#shared/client-log';
import { clientLogLimits } from '#shared/client-log-limits';
import { browserClock, type ThrottleClock } from './repeat-throttle';

export type DeliveryOutcome = 'sent' | 'queued' | 'console';

export interface QueuedEntry {
  /** Local id, so a page can follow an entry's delivery. */
  id: number;
  entry: ClientLogEntry;
}

/** Entries an offline page could not send before it was hidden, kept for a later page. */
export interface PendingLogs {
  save(entries: ClientLogEntry[]): void;
  /** Removes and returns what was saved. */
  take(): ClientLogEntry[];
}

export interface LogTransportOptions {
  endpoint: string;
  pending?: PendingLogs;
  /** Posts one batch; resolves to whether the server took it. */
  post?: (endpoint: string, body: string) => Promise<boolean>;
  beacon?: (endpoint: string, body: string) => boolean;
  isOnline?: () => boolean;
  fallback?: (entries: ClientLogEntry[]) => void;
  onDelivery?: (ids: number[], outcome: DeliveryOutcome) => void;
  clock?: ThrottleClock;
  batchDelayMs?: number;
  maxQueued?: number;
}

/** Under the server's 64 KB cap, leaving room for the array brackets and commas. */
const MAX_BATCH_BYTES = clientLogLimits.requestBytes - 1024;

/**
 * keepalive: a batch may hold entries another page left on the device, already taken from it;
 * the request must finish even if this page closes meanwhile. One batch is in flight at a time,
 * so the browser's 64 KB keepalive quota holds.
 */
async function postJson(endpoint: string, body: string): Promise<boolean> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  });
  return response.ok;
}

function sendBeacon(endpoint: string, body: string): boolean {
  return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, body);
}

/** The console line for an entry the server did not get. */
export function writeToConsole(entries: ClientLogEntry[]): void {
  for (const entry of entries) {
    const { severity, timestamp } = entry.logObject.metadata;
    const line = [`[${severity}] ${timestamp}`, entry.logObject.message];
    if (severity === 'ERROR' || severity === 'CRITICAL' || severity === 'ALERT' || severity === 'EMERGENCY') {
      console.error(...line);
    } else if (severity === 'WARNING') {
      console.warn(...line);
    } else {
      console.info(...line);
    }
  }
}

/** Splits entries into batches that each fit the server's entry count and byte caps. */
export function toBatches(queued: QueuedEntry[]): QueuedEntry[][] {
  const encoder = new TextEncoder();
  const batches: QueuedEntry[][] = [];
  let current: QueuedEntry[] = [];
  let bytes = 0;
  for (const item of queued) {
    const size = encoder.encode(JSON.stringify(item.entry)).length + 1;
    if (
      current.length > 0 &&
      (bytes + size > MAX_BATCH_BYTES || current.length >= clientLogLimits.entriesPerRequest)
    ) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export class LogTransport {
  private queue: QueuedEntry[] = [];
  private timer: unknown;
  private sending = false;
  private readonly post: NonNullable<LogTransportOptions['post']>;
  private readonly beacon: NonNullable<LogTransportOptions['beacon']>;
  private readonly isOnline: () => boolean;
  private readonly fallback: (entries: ClientLogEntry[]) => void;
  private readonly clock: ThrottleClock;

  constructor(private readonly options: LogTransportOptions) {
    this.post = options.post ?? postJson;
    this.beacon = options.beacon ?? sendBeacon;
    this.isOnline = options.isOnline ?? (() => navigator.onLine);
    this.fallback = options.fallback ?? writeToConsole;
    this.clock = options.clock ?? browserClock;
    for (const item of this.takePending()) this.enqueue(item);
  }

  enqueue(item: QueuedEntry): void {
    this.queue.push(item);
    const overflow = this.queue.length - (this.options.maxQueued ?? 500);
    if (overflow > 0) this.fail(this.queue.splice(0, overflow));
    if (this.timer === undefined && !this.sending) {
      this.timer = this.clock.setTimeout(() => void this.flush(), this.options.batchDelayMs ?? 1000);
    }
  }

  /** Sends everything queued now; while offline the entries stay queued for the next flush. */
  async flush(): Promise<void> {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    // What an offline page (this one, hidden for a while, or another tab) left on the device.
    if (this.isOnline()) this.queue.unshift(...this.takePending());
    if (this.sending || this.queue.length === 0) return;
    if (!this.isOnline()) {
      this.report(this.queue, 'queued');
      return;
    }
    this.sending = true;
    const taken = this.queue;
    this.queue = [];
    try {
      const batches = toBatches(taken);
      for (const [index, batch] of batches.entries()) {
        let delivered: boolean;
        try {
          delivered = await this.post(this.options.endpoint, JSON.stringify(batch.map((b) => b.entry)));
        } catch {
          // A network error while the browser says offline: keep this batch and the rest for later.
          if (!this.isOnline()) {
            const rest = batches.slice(index).flat();
            this.queue = [...rest, ...this.queue];
            this.report(rest, 'queued');
            return;
          }
          delivered = false;
        }
        if (delivered) this.report(batch, 'sent');
        else this.fail(batch);
      }
    } finally {
      this.sending = false;
      if (this.queue.length > 0 && this.isOnline()) void this.flush();
    }
  }

  /**
   * For page hide: hands everything queued to sendBeacon, which outlives the page; offline, or
   * for a batch the browser will not take (its beacon quota is shared with requests in flight),
   * keeps it on the device instead, since the page may never come back.
   */
  flushWithBeacon(): void {
    if (this.queue.length === 0 || (!this.isOnline() && !this.options.pending)) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const taken = this.queue;
    this.queue = [];
    if (!this.isOnline()) {
      this.options.pending?.save(taken.map((item) => item.entry));
      return;
    }
    for (const batch of toBatches(taken)) {
      if (this.beacon(this.options.endpoint, JSON.stringify(batch.map((b) => b.entry))))
        this.report(batch, 'sent');
      else if (this.options.pending) this.options.pending.save(batch.map((item) => item.entry));
      else this.fail(batch);
    }
  }

  /** Entries another page left; id 0, since no one here follows their delivery. */
  private takePending(): QueuedEntry[] {
    return (this.options.pending?.take() ?? []).map((entry) => ({ id: 0, entry }));
  }

  private fail(items: QueuedEntry[]): void {
    this.fallback(items.map((item) => item.entry));
    this.report(items, 'console');
  }

  private report(items: QueuedEntry[], outcome: DeliveryOutcome): void {
    this.options.onDelivery?.(
      items.map((item) => item.id),
      outcome,
    );
  }
}
