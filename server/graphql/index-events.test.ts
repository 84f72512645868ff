// The subscription side of index changes: one LISTEN per process while anyone subscribes, none
// otherwise; each subscriber gets the events it accepts, in order, and bad payloads are dropped.
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { INDEX_BUILT_CHANNEL } from '../search/index-service';
import { createIndexEvents } from './index-events';

function fakeDatabase() {
  const calls: string[] = [];
  let deliver: ((payload: string) => void) | undefined;
  const database = {
    async listen(channel: string, onPayload: (payload: string) => void) {
      calls.push(`listen ${channel}`);
      deliver = onPayload;
      return async () => {
        calls.push(`unlisten ${channel}`);
        deliver = undefined;
      };
    },
  } as unknown as Database;
  const notify = (source: string, crc32c: number) => deliver?.(JSON.stringify({ source, crc32c }));
  return { database, calls, notify, raw: (payload: string) => deliver?.(payload) };
}

const logger = createLogger('silent');

describe('index events', () => {
  it('listens once for all subscribers and stops when the last one leaves', async () => {
    const { database, calls } = fakeDatabase();
    const events = createIndexEvents(database, logger);
    expect(calls).toEqual([]);
    const first = await events.subscribe(() => true);
    const second = await events.subscribe(() => true);
    expect(calls).toEqual([`listen ${INDEX_BUILT_CHANNEL}`]);
    await first.return?.();
    expect(calls).toHaveLength(1);
    await second.return?.();
    await expect
      .poll(() => calls)
      .toEqual([`listen ${INDEX_BUILT_CHANNEL}`, `unlisten ${INDEX_BUILT_CHANNEL}`]);
    await events.subscribe(() => true);
    await expect.poll(() => calls).toHaveLength(3);
  });

  it('gives each subscriber the events it accepts, in order, even when it reads late', async () => {
    const { database, notify, raw } = fakeDatabase();
    const events = createIndexEvents(database, logger);
    const all = await events.subscribe(() => true);
    const cities = await events.subscribe((event) => event.source === 'cities');
    notify('countries', 1);
    raw('not json');
    raw('{"source":"cities"}');
    notify('cities', 2);
    expect(await all.next()).toEqual({ value: { source: 'countries', crc32c: 1 }, done: false });
    expect(await all.next()).toEqual({ value: { source: 'cities', crc32c: 2 }, done: false });
    expect(await cities.next()).toEqual({ value: { source: 'cities', crc32c: 2 }, done: false });
    const waiting = cities.next();
    notify('cities', 3);
    expect(await waiting).toEqual({ value: { source: 'cities', crc32c: 3 }, done: false });
  });

  it('ends a waiting read when the subscriber leaves, and keeps only the newest 100 unread', async () => {
    const { database, notify } = fakeDatabase();
    const events = createIndexEvents(database, logger);
    const slow = await events.subscribe(() => true);
    for (let i = 0; i < 150; i++) notify('countries', i);
    expect((await slow.next()).value).toEqual({ source: 'countries', crc32c: 50 });
    const leaving = await events.subscribe(() => true);
    const pending = leaving.next();
    await leaving.return?.();
    expect(await pending).toEqual({ value: undefined, done: true });
  });
});
