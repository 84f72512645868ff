// Two devices of one user set and remove items offline and sync in random order; in the end they
// hold the same items, and for every key the server holds the newest write any device made.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KvRecord } from '#shared/kv/kv-item';
import { compareRecords } from '#shared/kv/kv-merge';
import { isLive } from '#shared/kv/kv-transitions';
import { createBackupServerDouble } from '#tests/support/backup-server-double';
import { createKvStore, type KvStore } from './kv-store';
import { createKvSync, type KvSync } from './kv-sync';

const USER = 'user-1';
const offline = { isOnline: () => false, subscribe: () => () => {} };

type Command =
  | { device: 0 | 1; kind: 'set'; key: string; value: number; ttl?: number; step: number }
  | { device: 0 | 1; kind: 'remove'; key: string; step: number }
  | { device: 0 | 1; kind: 'sync'; step: number };

const device = fc.constantFrom<0 | 1>(0, 1);
const key = fc.constantFrom('a', 'b', 'c', 'd');
/** Milliseconds the clock moves before a command: often 0, so both devices write at equal times. */
const step = fc.constantFrom(0, 0, 1, 2, 700);

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    device,
    kind: fc.constant('set' as const),
    key,
    value: fc.integer({ min: 0, max: 99 }),
    ttl: fc.option(fc.constantFrom(1, 2), { nil: undefined }),
    step,
  }),
  fc.record({ device, kind: fc.constant('remove' as const), key, step }),
  fc.record({ device, kind: fc.constant('sync' as const), step }),
);

let run = 0;

describe('two devices syncing through the backup', () => {
  it('converge on the newest write of every key, whatever the order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { maxLength: 24 }),
        fc.constantFrom<(0 | 1)[]>([0, 1, 0], [1, 0, 1]),
        async (commands, finalOrder) => {
          let clock = Date.parse('2026-06-01T00:00:00.000Z');
          const now = () => new Date(clock);
          const server = createBackupServerDouble();
          run += 1;
          const devices: { store: KvStore; sync: KvSync }[] = [0, 1].map((n) => {
            const store = createKvStore({ name: `kv-property-${run}-${n}`, now });
            return { store, sync: createKvSync({ store, api: server.api, connectivity: offline, now }) };
          });
          try {
            for (const d of devices) await d.sync.setSession({ id: USER });
            /** Every version any device wrote: the newest per key is what must survive. */
            const written: KvRecord[] = [];
            for (const c of commands) {
              clock += c.step;
              const { store, sync } = devices[c.device]!;
              if (c.kind === 'sync') await sync.sync();
              else {
                if (c.kind === 'set') await store.set(c.key, c.value, c.ttl ? { ttl: c.ttl } : {});
                else await store.remove(c.key);
                const record = store.snapshotRecords().find((r) => r.key === c.key);
                if (record) written.push(record);
              }
            }
            for (const n of finalOrder) await devices[n]!.sync.sync();

            const newest = new Map<string, KvRecord>();
            for (const record of written) {
              const held = newest.get(record.key);
              if (!held || compareRecords(record, held) > 0) newest.set(record.key, record);
            }
            expect(new Map([...server.snapshot(USER)].sort())).toEqual(new Map([...newest].sort()));

            const expected = [...newest.values()]
              .filter((record) => isLive(record, now()))
              .map((record) => [record.key, record.value])
              .sort();
            for (const { store } of devices) {
              const live = store
                .items()
                .filter((item) => store.get(item.key) !== undefined)
                .map((item) => [item.key, item.value]);
              expect(live).toEqual(expected);
            }
          } finally {
            for (const d of devices) await d.store.close();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
