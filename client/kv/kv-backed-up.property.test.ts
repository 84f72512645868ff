// The "backed up" mark, against any mix of what two devices of one user do: local changes, syncs that
// fail, are refused or meet a change made meanwhile, reloads, and a server that forgets old
// tombstones. Each device lists as not backed up exactly the items it changed since the server last
// answered it or that this answer does not hold in the same version: it cannot know of later syncs
// made elsewhere.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KvRecord } from '#shared/kv/kv-item';
import { compareRecords } from '#shared/kv/kv-merge';
import { type BackupSnapshot, fromSnapshot } from '#shared/kv/kv-snapshot';
import { isExpired } from '#shared/kv/kv-transitions';
import { createBackupServerDouble } from '#tests/support/backup-server-double';
import { type BackupApi, BackupRequestError } from './backup-api';
import { createKvStore, type KvStore } from './kv-store';
import { createKvSync, type KvSync } from './kv-sync';

const USER = 'user-1';
/** Offline to the engine's own triggers, so only the syncs a command asks for run. */
const offline = { isOnline: () => false, subscribe: () => () => {} };

type Change =
  | { kind: 'set'; key: string; value: number; ttl: number | null }
  | { kind: 'remove'; key: string; persist: boolean };

type Request = 'GET' | 'POST';

/**
 * When a change made during a sync lands: on disk before the server answers; in memory before the
 * answer, its write to disk still under way; or once the answer is in, while the store merges it.
 */
type Landing = 'before the answer' | 'writing as it is answered' | 'during the merge';

type Command =
  | { kind: 'change'; device: 0 | 1; step: number; change: Change }
  | {
      kind: 'sync';
      device: 0 | 1;
      step: number;
      failure: { request: Request; refused: boolean } | null;
      meanwhile: { request: Request; landing: Landing; change: Change } | null;
    }
  | { kind: 'reload'; device: 0 | 1 }
  | { kind: 'forget' };

const describeChange = (c: Change) =>
  c.kind === 'set'
    ? `set ${c.key}=${c.value}${c.ttl ? ` for ${c.ttl} s` : ''}`
    : `remove ${c.key}${c.persist ? '' : ' outright'}`;

function describeCommand(c: Command): string {
  switch (c.kind) {
    case 'change':
      return `+${c.step} ms, device ${c.device}: ${describeChange(c.change)}`;
    case 'sync': {
      const failure = c.failure && `, its ${c.failure.request} ${c.failure.refused ? 'refused' : 'fails'}`;
      const meanwhile =
        c.meanwhile &&
        `, ${describeChange(c.meanwhile.change)} lands ${c.meanwhile.landing} of its ${c.meanwhile.request}`;
      return `+${c.step} ms, device ${c.device}: sync${failure ?? ''}${meanwhile ?? ''}`;
    }
    case 'reload':
      return `device ${c.device}: reload`;
    case 'forget':
      return 'the server forgets its tombstones and expired entries';
  }
}

const device = fc.constantFrom<0 | 1>(0, 1);
const key = fc.constantFrom('a', 'b');
/** Milliseconds the clock moves before a command: often 0, so versions of both devices tie in time. */
const step = fc.constantFrom(0, 0, 1, 700);
const request = fc.constantFrom<Request>('GET', 'POST');
const clockSkew = fc.constantFrom(0, -5000, 5000);
/** A few values only, so two devices sometimes write the very same version. */
const change: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      key,
      value: fc.integer({ min: 0, max: 2 }),
      ttl: fc.constantFrom(null, null, 1, 2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      key,
      persist: fc.constantFrom(true, true, false),
    }),
  },
);
/** Null first, so a counterexample shrinks towards syncs that go well and meet no change. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

const command: fc.Arbitrary<Command> = fc
  .oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('change' as const), device, step, change }) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('sync' as const),
        device,
        step,
        failure: rarely(fc.record({ request, refused: fc.boolean() })),
        meanwhile: rarely(
          fc.record({
            request,
            landing: fc.constantFrom<Landing>(
              'before the answer',
              'writing as it is answered',
              'during the merge',
            ),
            change,
          }),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), device }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'forget' as const }) },
  )
  .map((c) => ({ ...c, [fc.toStringMethod]: () => describeCommand(c) }));

/** A device: its store and sync engine (opened again by a reload), and what the test knows of them. */
class Device {
  store!: KvStore;
  sync!: KvSync;
  /** The snapshot the server last answered this device: the whole backup, as far as it knows. */
  lastAnswer: ReadonlyMap<string, KvRecord> = new Map();
  /** Keys the device changed since that answer came: a local change is not backed up until the next. */
  changedSinceAnswer = new Set<string>();
  /** What the sync under way meets: a failing request, a change made meanwhile. */
  plan: Extract<Command, { kind: 'sync' }> | null = null;
  /** The change made during the sync under way, until it is on disk. */
  landing: Promise<void> | null = null;
  /** As the sync under way sent its POST, the GET's answer merged: what the device listed, and what it should. */
  atPost: { listed: string[]; expected: string[] } | null = null;

  constructor(
    readonly name: string,
    readonly now: () => Date,
  ) {}
}

/**
 * What the device should list: its items (expired ones have nothing left to lose) that it changed
 * since the server's last answer, or whose version that answer does not hold. The same version is
 * what the merge rule calls one (compareRecords: the same time, value and meta).
 */
function expectedUnbacked(device: Device, backup = device.lastAnswer): string[] {
  const now = device.now();
  return device.store
    .snapshotRecords()
    .filter((record) => record.meta.removed || !isExpired(record, now))
    .filter((record) => {
      const held = backup.get(record.key);
      return device.changedSinceAnswer.has(record.key) || !held || compareRecords(held, record) !== 0;
    })
    .map((record) => record.key)
    .sort();
}

/** Makes the change on the device, noting its key if it changed anything (removing nothing does not). */
function make(device: Device, c: Change): Promise<void> {
  const { store } = device;
  const before = store.changes.getState().localChanges;
  const written =
    c.kind === 'set'
      ? store.set(c.key, c.value, c.ttl ? { ttl: c.ttl } : {})
      : store.remove(c.key, { persist: c.persist });
  if (store.changes.getState().localChanges !== before) device.changedSinceAnswer.add(c.key);
  return written;
}

type ServerDouble = ReturnType<typeof createBackupServerDouble>;

/** The device's way to the server: notes each answer, and plays the plan of the sync under way. */
function connect(device: Device, server: ServerDouble): BackupApi {
  async function ask(request: Request, send: () => Promise<BackupSnapshot>): Promise<BackupSnapshot> {
    const failure = device.plan?.failure?.request === request ? device.plan.failure : null;
    const meanwhile = device.plan?.meanwhile?.request === request ? device.plan.meanwhile : null;
    if (request === 'POST') {
      device.atPost = { listed: device.store.unbackedKeys(), expected: expectedUnbacked(device) };
    }
    if (meanwhile?.landing === 'before the answer') await make(device, meanwhile.change);
    if (meanwhile?.landing === 'writing as it is answered') device.landing = make(device, meanwhile.change);
    if (failure) {
      server.failWith(
        failure.refused
          ? new BackupRequestError(403, 'This request comes from elsewhere.')
          : new TypeError('Failed to fetch'),
      );
    }
    const answer = await send();
    device.lastAnswer = fromSnapshot(answer);
    device.changedSinceAnswer = new Set();
    if (meanwhile?.landing === 'during the merge') {
      // fake-indexeddb runs each step of a transaction in a setImmediate task: by the first one, the
      // store has begun merging this answer (in memory and in its transaction) and not yet finished.
      device.landing = new Promise((resolve) => setImmediate(resolve)).then(() =>
        make(device, meanwhile.change),
      );
    }
    return answer;
  }
  return {
    fetchSnapshot: (owner) => ask('GET', () => server.api.fetchSnapshot(owner)),
    postSnapshot: (owner, snapshot) => ask('POST', () => server.api.postSnapshot(owner, snapshot)),
  };
}

/** Opens the device's store from disk, as a page load does, with its sync engine signed in. */
async function open(device: Device, server: ServerDouble) {
  device.store = createKvStore({ name: device.name, now: device.now });
  device.sync = createKvSync({ store: device.store, api: connect(device, server), connectivity: offline });
  await device.sync.setSession({ id: USER });
}

/** Runs a sync as `c` plans it, and checks what the device listed as it sent the POST. */
async function runSync(device: Device, c: Extract<Command, { kind: 'sync' }>, i: number) {
  device.plan = c;
  const outcome = await device.sync.sync().then(
    () => 'synced',
    (error: Error) => `failed: ${error.message}`,
  );
  await device.landing;
  expect(outcome.startsWith('failed'), `command ${i}: ${outcome}`).toBe(!!c.failure);
  if (device.atPost) {
    expect(device.atPost.listed, `device ${c.device} as command ${i} sent its POST`).toEqual(
      device.atPost.expected,
    );
  }
  Object.assign(device, { plan: null, landing: null, atPost: null });
}

let run = 0;

describe('the "backed up" mark', () => {
  it("lists the items changed since the server's last answer or not held by it, whatever happens", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { maxLength: 16, size: 'max' }),
        /** How far each device's clock is from the server's: a device behind writes versions that lose. */
        fc.tuple(clockSkew, clockSkew),
        async (commands, skews) => {
          let clock = Date.parse('2026-06-01T00:00:00.000Z');
          const server = createBackupServerDouble();
          run += 1;
          const devices = skews.map(
            (skew, n) => new Device(`kv-backed-up-${run}-${n}`, () => new Date(clock + skew)),
          );
          try {
            for (const d of devices) await open(d, server);
            for (const [i, c] of commands.entries()) {
              if ('step' in c) clock += c.step;
              if (c.kind === 'forget') {
                // As the server's merges do once they are old enough (server/backup/backup-store.ts).
                server.forget(USER, (record) => record.meta.removed || isExpired(record, new Date(clock)));
              } else {
                const d = devices[c.device]!;
                if (c.kind === 'change') await make(d, c.change);
                if (c.kind === 'sync') await runSync(d, c, i);
                if (c.kind === 'reload') {
                  const before = d.store.items();
                  await d.store.close();
                  await open(d, server);
                  expect(d.store.items(), `device ${c.device} reloaded by command ${i}`).toEqual(before);
                }
              }
              for (const [n, d] of devices.entries()) {
                expect(d.store.unbackedKeys(), `device ${n} after command ${i}`).toEqual(expectedUnbacked(d));
              }
            }

            for (const n of [0, 1, 0]) await devices[n]!.sync.sync();
            for (const [n, d] of devices.entries()) {
              expect(d.store.unbackedKeys(), `device ${n} once both have synced`).toEqual([]);
              expect(
                expectedUnbacked(d, server.snapshot(USER)),
                `the server holds device ${n}'s items`,
              ).toEqual([]);
            }
          } finally {
            for (const d of devices) await d.store?.close();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
