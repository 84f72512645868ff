import { describe, expect, it } from 'vitest';
import { ClientLogBatchSchema, type ClientLogEntry } from '#shared/client-log';
import { clientLogLimits } from '#shared/client-log-limits';
import { LogTransport, type LogTransportOptions, type PendingLogs, toBatches } from './log-transport';
import { ClientLogger, type LoggerEvent } from './logger';
import type { ThrottleClock } from './repeat-throttle';
import { defaultThreshold, meetsThreshold } from './threshold';

function manualClock() {
  let now = Date.UTC(2026, 0, 1);
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: ThrottleClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(handle);
        timer.run();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { clock, advance };
}

/** A fake server and network; every body posted is parsed and checked against the server schema. */
function network() {
  const posted: ClientLogEntry[][] = [];
  const state = { online: true, answer: 'ok' as 'ok' | 'refuse' | 'throw' };
  const fallback: ClientLogEntry[] = [];
  const options: Omit<LogTransportOptions, 'onDelivery' | 'clock'> = {
    endpoint: '/api/send-log-to-gcp',
    isOnline: () => state.online,
    post: async (_endpoint, body) => {
      if (state.answer === 'throw') throw new TypeError('Failed to fetch');
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(clientLogLimits.requestBytes);
      const batch = ClientLogBatchSchema.parse(JSON.parse(body));
      if (state.answer === 'refuse') return false;
      posted.push(batch);
      return true;
    },
    beacon: (_endpoint, body) => {
      posted.push(ClientLogBatchSchema.parse(JSON.parse(body)));
      return state.answer === 'ok';
    },
    fallback: (entries) => fallback.push(...entries),
  };
  return { posted, state, fallback, options };
}

function setup(threshold = defaultThreshold(true), pending?: PendingLogs) {
  const { clock, advance } = manualClock();
  const net = network();
  const logger = new ClientLogger({
    threshold,
    transport: { ...net.options, pending },
    instanceId: 'f'.repeat(32),
    clock,
  });
  const events: LoggerEvent[] = [];
  logger.subscribe((event) => events.push(event));
  return { logger, advance, events, ...net };
}

const text = (entry: ClientLogEntry) => {
  const message = entry.logObject.message;
  return typeof message === 'string' ? message : message.message;
};

describe('threshold', () => {
  it('is DEBUG in development and WARNING in production', () => {
    expect(defaultThreshold(false)).toBe('DEBUG');
    expect(defaultThreshold(true)).toBe('WARNING');
    expect(meetsThreshold('NOTICE', 'WARNING')).toBe(false);
    expect(meetsThreshold('WARNING', 'WARNING')).toBe(true);
    expect(meetsThreshold('EMERGENCY', 'WARNING')).toBe(true);
    expect(meetsThreshold('DEBUG', 'DEBUG')).toBe(true);
    expect(meetsThreshold('DEFAULT', 'DEBUG')).toBe(false);
  });
});

describe('ClientLogger', () => {
  it('sends entries at or above the threshold in one batch of the spec shape, and reports the rest', async () => {
    const { logger, advance, posted, events } = setup();
    logger.log('INFO', 'not in production');
    logger.log('WARNING', 'disk almost full', { group: 'storage' });
    logger.error({ message: 'boom', error: { name: 'Error', message: 'boom', stack: 'Error: boom\n at x' } });
    expect(posted).toHaveLength(0);
    await advance(1000);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.map(text)).toEqual(['disk almost full', 'boom']);
    expect(posted[0]![0]).toEqual({
      logName: 'client',
      logObject: {
        metadata: { severity: 'WARNING', timestamp: '2026-01-01T00:00:00.000Z', group: 'storage' },
        message: 'disk almost full',
      },
      instanceId: 'f'.repeat(32),
    });
    expect(events.filter((e) => e.type === 'below-threshold')).toHaveLength(1);
    expect(events.find((e) => e.type === 'delivery')).toEqual({
      type: 'delivery',
      ids: [1, 2],
      outcome: 'sent',
    });
  });

  it('keeps DEBUG entries in development', async () => {
    const { logger, advance, posted } = setup(defaultThreshold(false));
    logger.log('DEBUG', 'details');
    await advance(1000);
    expect(posted.flat().map(text)).toEqual(['details']);
  });

  it('throttles repeats and sends a "repeated N times" entry', async () => {
    const { logger, advance, posted } = setup();
    for (let i = 0; i < 9; i++) logger.error('same again');
    await advance(1000);
    expect(posted.flat().map(text)).toEqual([
      ...Array(5).fill('same again'),
      'same again (repeated 4 times)',
    ]);
  });

  it('queues while offline and sends when flushed online', async () => {
    const { logger, advance, posted, state, events } = setup();
    state.online = false;
    logger.error('while offline');
    await advance(1000);
    expect(posted).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({ type: 'delivery', outcome: 'queued' });
    state.online = true;
    await logger.flush();
    expect(posted.flat().map(text)).toEqual(['while offline']);
  });

  it('re-queues when the network fails and the browser went offline', async () => {
    const { logger, advance, posted, state, fallback } = setup();
    logger.error('lost connection');
    state.answer = 'throw';
    state.online = false;
    await logger.flush();
    expect(fallback).toHaveLength(0);
    state.answer = 'ok';
    state.online = true;
    await advance(0);
    await logger.flush();
    expect(posted.flat().map(text)).toEqual(['lost connection']);
  });

  it('writes to the console when the server refuses or the request fails online', async () => {
    const { logger, state, fallback, events } = setup();
    state.answer = 'refuse';
    logger.error('refused');
    await logger.flush();
    state.answer = 'throw';
    logger.error('failed');
    await logger.flush();
    expect(fallback.map(text)).toEqual(['refused', 'failed']);
    expect(
      events.filter((e) => e.type === 'delivery').map((e) => e.type === 'delivery' && e.outcome),
    ).toEqual(['console', 'console']);
  });

  it('hands the queue and pending summaries to sendBeacon when the page is hidden', () => {
    const { logger, posted, state, fallback } = setup();
    for (let i = 0; i < 7; i++) logger.error('leaving');
    logger.flushWithBeacon();
    expect(posted.flat().map(text).at(-1)).toBe('leaving (repeated 2 times)');
    state.answer = 'refuse';
    logger.error('beacon refused');
    logger.flushWithBeacon();
    expect(fallback.map(text)).toEqual(['beacon refused']);
  });
});

describe('entries left by an offline page', () => {
  function deviceStore(): PendingLogs & { saved: ClientLogEntry[] } {
    const store = {
      saved: [] as ClientLogEntry[],
      save: (entries: ClientLogEntry[]) => void store.saved.push(...entries),
      take: () => store.saved.splice(0),
    };
    return store;
  }

  it('stay on the device when the page is hidden offline, and the next page sends them', async () => {
    const device = deviceStore();
    const first = setup(defaultThreshold(true), device);
    first.state.online = false;
    first.logger.error('written offline, then the tab closed');
    first.logger.flushWithBeacon();
    expect(first.posted).toHaveLength(0);
    expect(device.saved.map(text)).toEqual(['written offline, then the tab closed']);

    const next = setup(defaultThreshold(true), device);
    await next.advance(1000);
    expect(next.posted.flat().map(text)).toEqual(['written offline, then the tab closed']);
    expect(device.saved).toEqual([]);
  });

  it('stay on the device when the browser refuses the beacon, and the next page sends them', async () => {
    const device = deviceStore();
    const first = setup(defaultThreshold(true), device);
    first.state.answer = 'refuse';
    first.logger.error('beacon refused while leaving');
    first.logger.flushWithBeacon();
    expect(first.fallback).toEqual([]);
    expect(device.saved.map(text)).toEqual(['beacon refused while leaving']);

    const next = setup(defaultThreshold(true), device);
    await next.advance(1000);
    expect(next.posted.flat().map(text)).toEqual(['beacon refused while leaving']);
  });

  it('go out with the first flush once this page is back online', async () => {
    const device = deviceStore();
    const { logger, posted, state } = setup(defaultThreshold(true), device);
    state.online = false;
    logger.error('hidden while offline');
    logger.flushWithBeacon();
    await logger.flush();
    expect(posted).toHaveLength(0);
    state.online = true;
    await logger.flush();
    expect(posted.flat().map(text)).toEqual(['hidden while offline']);
  });
});

describe('toBatches', () => {
  it('splits by the server caps: 50 entries and 64 KB per request', () => {
    const entry = (chars: number): ClientLogEntry => ({
      logName: 'client',
      logObject: {
        metadata: { severity: 'ERROR', timestamp: '2026-01-01T00:00:00Z' },
        message: 'x'.repeat(chars),
      },
    });
    const many = Array.from({ length: 120 }, (_, id) => ({ id, entry: entry(10) }));
    expect(toBatches(many).map((b) => b.length)).toEqual([50, 50, 20]);
    const big = Array.from({ length: 40 }, (_, id) => ({ id, entry: entry(4000) }));
    const batches = toBatches(big);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(JSON.stringify(batch.map((b) => b.entry)).length).toBeLessThanOrEqual(
        clientLogLimits.requestBytes,
      );
    }
    expect(batches.flat()).toHaveLength(40);
  });
});

it('LogTransport drops the oldest entries to the console beyond its queue cap', async () => {
  const net = network();
  net.state.online = false;
  const transport = new LogTransport({ ...net.options, maxQueued: 3 });
  for (let id = 1; id <= 5; id++) {
    transport.enqueue({
      id,
      entry: {
        logName: 'client',
        logObject: { metadata: { severity: 'ERROR', timestamp: '2026-01-01T00:00:00Z' }, message: `#${id}` },
      },
    });
  }
  expect(net.fallback.map(text)).toEqual(['#1', '#2']);
  net.state.online = true;
  await transport.flush();
  expect(net.posted.flat().map(text)).toEqual(['#3', '#4', '#5']);
});
